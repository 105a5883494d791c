"""Context pruning for agent loops: soft trim, hard clear, protected recent turns, three message shapes."""

from __future__ import annotations

import copy

from mdrecall.capture.pruning import PruneSettings, prune_messages

BIG = "HEAD" + "x" * 9000 + "TAIL"


def _openai(turns: int) -> list[dict]:
    msgs: list[dict] = [{"role": "system", "content": "be helpful"}]
    for i in range(turns):
        msgs += [
            {"role": "user", "content": f"question {i}"},
            {"role": "assistant", "content": None, "tool_calls": [{"id": f"c{i}", "type": "function"}]},
            {"role": "tool", "tool_call_id": f"c{i}", "content": BIG},
            {"role": "assistant", "content": f"answer {i}"},
        ]
    return msgs


def test_old_results_are_trimmed_or_cleared_and_recent_turns_untouched() -> None:
    msgs = _openai(12)  # 24 assistant messages
    before = copy.deepcopy(msgs)
    out, stats = prune_messages(msgs, PruneSettings(keep_last_assistant=3, hard_clear_after_turns=10))
    assert msgs == before  # the input is not modified
    tools = [(i, m) for i, m in enumerate(out) if m["role"] == "tool"]
    cleared = [m for _, m in tools if m["content"].startswith("[old tool result cleared")]
    trimmed = [m for _, m in tools if "characters trimmed" in m["content"]]
    untouched = [m for _, m in tools if m["content"] == BIG]
    assert cleared and trimmed and untouched
    assert all(m["tool_call_id"] for _, m in tools)
    for m in trimmed:
        assert m["content"].startswith("HEAD") and m["content"].endswith("TAIL") and len(m["content"]) < 3300
    last_three = [i for i, m in enumerate(out) if m["role"] == "assistant"][-3:]
    assert all(out[i] is msgs[i] for i in range(last_three[0], len(out)))
    assert stats.cleared == len(cleared) and stats.trimmed == len(trimmed) and stats.chars_saved > 50_000


def test_anthropic_and_openclaw_shapes() -> None:
    msgs = [
        {"role": "user", "content": "start"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "read", "input": {}}]},
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": BIG}]}
            ],
        },
        {"role": "toolResult", "toolCallId": "t2", "content": [{"type": "text", "text": BIG}]},
        {"role": "assistant", "content": "ok"},
        {"role": "assistant", "content": "ok again"},
    ]
    out, stats = prune_messages(msgs, PruneSettings(keep_last_assistant=1, hard_clear_after_turns=99))
    block = out[2]["content"][0]
    assert block["tool_use_id"] == "t1" and "characters trimmed" in block["content"][0]["text"]
    assert "characters trimmed" in out[3]["content"][0]["text"]
    assert stats.trimmed == 2


def test_short_conversations_are_left_alone() -> None:
    msgs = _openai(1)
    out, stats = prune_messages(msgs)
    assert out == msgs and stats.trimmed == stats.cleared == 0
