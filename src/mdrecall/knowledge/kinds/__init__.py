"""What kind of thing each name is: cues, the vote in tiers, the learned context models."""
