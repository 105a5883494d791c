"""Forgetting, verifiably: remove a text, cited lines or an entity from every copy mdrecall keeps; prove it.

:func:`~mdrecall.forget.plan.plan_forget` lists what would go (nothing changes);
:func:`~mdrecall.forget.run.apply_plan` does it, recorded first so a crash is finished by the next run, then
scans every byte under the workspace for what is left. :meth:`mdrecall.Memory.forget_plan` and
:meth:`mdrecall.Memory.forget` are the public calls; ``mdrecall forget`` the command.
"""

from __future__ import annotations

from mdrecall.forget.plan import ForgetPlan, Target, plan_forget, target_for
from mdrecall.forget.rescan import rescan_target
from mdrecall.forget.run import ForgetResult, apply_plan, pending_forgets, prove, resume_forgets

__all__ = [
    "ForgetPlan",
    "ForgetResult",
    "Target",
    "apply_plan",
    "pending_forgets",
    "plan_forget",
    "prove",
    "rescan_target",
    "resume_forgets",
    "target_for",
]
