"""The repository's commit-msg hook (tools/hooks, installed by make check): a subject of at
most 72 characters, counted in characters (a French subject's accents count one each)."""

import subprocess
from pathlib import Path

HOOK = Path(__file__).resolve().parents[1] / "tools" / "hooks" / "commit-msg"


def _run(tmp_path, text: str) -> subprocess.CompletedProcess:
    msg = tmp_path / "COMMIT_EDITMSG"
    msg.write_text(text, encoding="utf-8")
    return subprocess.run(["sh", str(HOOK), str(msg)], capture_output=True, text=True,
                          env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"})     # as a plain hook may run


def test_a_subject_over_72_characters_is_refused(tmp_path):
    out = _run(tmp_path, "x" * 73 + "\n\nThe body may be as long as it likes.\n")
    assert out.returncode == 1 and "73 characters" in out.stderr


def test_a_subject_of_72_is_taken_with_its_accents_and_comments(tmp_path):
    subject = "é" * 72
    assert _run(tmp_path, f"# Please enter the commit message\n{subject}\n\n" + "b" * 300 + "\n").returncode == 0
    assert _run(tmp_path, "Fendo: a wall refused with its reason\n").returncode == 0
