"""A build's saved progress: one small file per finished task, written atomically.

The work folder holds ``params.json`` (the build's parameters but the policy's versions)
and ``done/KEY.json`` per finished task, whose key names the policy's version at its player
count. A resumed build reads them back and plays only the tasks still missing; a folder
made with other parameters is refused, never mixed in, and a result of another version is
never read for this one.
"""

from __future__ import annotations

import json
from pathlib import Path

from coop_helper.atlas.plan import BuildParams, Task
from coop_helper.atlas.store import write_atomic
from coop_helper.atlas.work import TaskResult
from coop_helper.errors import UserError


def _dump(doc: object) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()


class WorkFolder:
    """The saved progress of one build."""

    def __init__(self, folder: Path, params: BuildParams) -> None:
        self.folder = folder
        self.params = params
        self.done = folder / "done"

    def open(self) -> None:
        """Create the folder for these parameters, or check an existing one matches them."""
        saved = self.folder / "params.json"
        wanted = {k: v for k, v in self.params.to_json().items() if k != "policy_versions"}
        if saved.exists():
            try:
                found = json.loads(saved.read_text(encoding="utf-8"))
            except (OSError, ValueError) as err:
                raise UserError(
                    f"cannot read {saved} ({err}): delete the work folder "
                    f"{self.folder} to start the build afresh."
                ) from None
            found = found if isinstance(found, dict) else {}
            if "policy_version" in found:  # task keys without the version: not read now
                raise UserError(
                    f"the work folder {self.folder} was made by an older coop-helper, whose "
                    "saved tasks this one does not read: delete it, or give another --work-dir."
                )
            changed = sorted(k for k in wanted if found.get(k) != wanted[k])
            if changed:
                raise UserError(
                    f"the work folder {self.folder} holds a build with other settings "
                    f"({', '.join(changed)}): give another --work-dir, or delete it to "
                    "start afresh."
                )
        try:
            if not saved.exists():
                write_atomic(saved, _dump(wanted))
            self.done.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise UserError(
                f"cannot write to the work folder {self.folder}: "
                f"{err.strerror or err}: give another --work-dir."
            ) from None

    def _path(self, key: str) -> Path:
        return self.done / f"{key}.json"

    def finished(self, task: Task) -> bool:
        """Is this task's result saved?"""
        return self._path(task.key).exists()

    def save(self, result: TaskResult) -> None:
        """Save one finished task atomically."""
        doc = {
            "key": result.key,
            "players": result.players,
            "first": result.first,
            "deals": list(result.deals),
            "games": result.games,
            "wins": [list(w) for w in result.wins],
        }
        write_atomic(self._path(result.key), _dump(doc))

    def load(self, task: Task) -> TaskResult:
        """A saved result, checked against the task it answers."""
        path = self._path(task.key)
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            result = TaskResult(
                doc["key"],
                doc["players"],
                doc["first"],
                tuple(doc["deals"]),
                doc["games"],
                tuple(tuple(w) for w in doc["wins"]),
            )
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise UserError(
                f"the saved result {path} is damaged ({err}): delete that file "
                "and run the build again to redo it."
            ) from None
        if (
            result.deals != task.deals
            or result.games != task.games
            or any(len(w) != task.turns + 1 for w in result.wins)
        ):
            raise UserError(
                f"the saved result {path} does not match this build: delete "
                "that file and run the build again to redo it."
            )
        return result
