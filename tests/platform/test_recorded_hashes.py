"""Every game's recorded races replay byte for byte (issue 22): each
bench/<game>_hashes.py runs its seeded bot races again and compares their
log hashes (and, for some games, a hash of every view and legal action on
the way) with the ones recorded before the engines were reshaped."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["formula_d", "heat", "roborally", "galaxy_trucker"])
def test_the_recorded_races_replay_to_the_same_hashes(game):
    script = ROOT / "bench" / f"{game}_hashes.py"
    recorded = ROOT / "bench" / f"{game}_hashes.json"
    run = subprocess.run(
        [sys.executable, str(script), "--check", str(recorded)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    figures = json.loads(run.stdout.strip().splitlines()[-1])
    assert run.returncode == 0 and figures["mismatches"] == 0, run.stdout
    assert figures.get("races", figures.get("games")) >= 40
