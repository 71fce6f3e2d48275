"""Every position file of tests/scenarios/positions agrees with the engine, through the
library (load → solve → compare) and through the CLI (`python -m bezique check`)."""

import subprocess
import sys

import pytest

from .helpers import POSITIONS, assert_position

FILES = sorted(p.stem for p in POSITIONS.glob("*.json"))


@pytest.mark.parametrize("stem", FILES)
def test_position_file_answer_agrees_with_engine(stem):
    assert_position(stem)


def test_cli_check_scenario_positions():
    out = subprocess.run([sys.executable, "-m", "bezique", "check", str(POSITIONS)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "расходятся: 0" in out.stdout and "файлов с ошибками: 0" in out.stdout
