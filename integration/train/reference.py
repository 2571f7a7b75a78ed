"""Reference agents shipped in the repository (``agents/``): trained networks a person can play and
compare against without training first.

``agents/agents.json`` lists each agent: its file (a policy-only checkpoint, the format every
command that plays a checkpoint reads), the SHA-256 of that file, the character pairings it was
trained on, and how it was made (command, commit) with its measured figures; ``agents/README.md``
says the same for people.  The checksum guards against a file damaged or swapped in the checkout:
the manifest is the record of what was measured, and a file that no longer hashes to it is not
that agent.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

AGENTS_DIR = Path(__file__).resolve().parents[2] / "agents"
MANIFEST = "agents.json"
MAX_MANIFEST_BYTES = 1 << 20


@dataclass(frozen=True)
class ReferenceAgent:
    name: str
    path: Path
    sha256: str
    pairings: tuple  # ("ninja", "ninja") pairs it was trained on; ("random", "random") for all of them
    command: str
    commit: str

    def plays(self, c1: str, c2: str) -> bool:
        """Whether it was trained on this pairing (P1's character, P2's)."""
        return any(a in (c1, "random") and b in (c2, "random") for a, b in self.pairings)


def load_manifest(folder: Path = AGENTS_DIR) -> list[ReferenceAgent]:
    """The agents of ``folder/agents.json`` ([] where there is none); ValueError naming the field
    for a manifest that is not the documented shape."""
    path = folder / MANIFEST
    if not path.is_file():
        return []
    if path.stat().st_size > MAX_MANIFEST_BYTES:
        raise ValueError(f"{path}: larger than {MAX_MANIFEST_BYTES} bytes")
    data = json.loads(path.read_text())
    if not isinstance(data, dict) or not isinstance(data.get("agents"), list):
        raise ValueError(f"{path}: expected {{\"agents\": [...]}}")
    agents = []
    for i, entry in enumerate(data["agents"]):
        fields = ("name", "file", "sha256", "pairings", "command", "commit")
        if not isinstance(entry, dict) or not all(isinstance(entry.get(f), (str, list)) for f in fields):
            raise ValueError(f"{path}: agents[{i}] needs {', '.join(fields)}")
        file = Path(entry["file"])
        if file.is_absolute() or ".." in file.parts:
            raise ValueError(f"{path}: agents[{i}].file must name a file inside {folder}")
        pairings = tuple(tuple(p) for p in entry["pairings"])
        if not all(len(p) == 2 and all(isinstance(c, str) for c in p) for p in pairings):
            raise ValueError(f"{path}: agents[{i}].pairings must be [P1's character, P2's] pairs")
        agents.append(ReferenceAgent(entry["name"], folder / file, entry["sha256"], pairings, entry["command"],
                                     entry["commit"]))
    return agents


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def reference_for(c1: str, c2: str, folder: Path = AGENTS_DIR) -> ReferenceAgent | None:
    """The shipped agent trained on this pairing (the first listed), or None."""
    return next((a for a in load_manifest(folder) if a.plays(c1, c2)), None)


def default_opponent(c1: str, c2: str, folder: Path = AGENTS_DIR) -> str:
    """The opponent ``yomi play --human`` gives a person who names none: the pairing's reference
    agent searching each turn (the strongest play the project ships), else the plain search."""
    agent = reference_for(c1, c2, folder)
    return f"search:agent={agent.path}" if agent is not None else "search"
