"""Supersession: which fact line a later one changes, by rules and the opt-in cross-encoder."""
