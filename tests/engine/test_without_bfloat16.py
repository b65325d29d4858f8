"""The engine's tests that depend on bfloat16, run again as on a CPU without native bfloat16.

Whether a target is packed for exact verification is decided by ``kernels.can_pack_bfloat16``
(oneDNN's ``_is_mkldnn_bf16_supported``), so the same tests take another path on a CPU
without AVX-512 BF16 or AMX. CI runs only ``pytest -q`` on whatever machine it has: this test
runs those tests in a subprocess with oneDNN capped to AVX2 (``ONEDNN_MAX_CPU_ISA``), where
oneDNN reports no bfloat16, so that both paths are proven on any x86 machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NO_BFLOAT16 = {"ONEDNN_MAX_CPU_ISA": "AVX2"}  # oneDNN's bfloat16 products need AVX-512 BF16 or AMX
# the tests whose path depends on bfloat16: packing, compile decisions, the backends' dtype, loading
BFLOAT16_TESTS = [
    "tests/engine/test_generate.py",
    "tests/engine/test_model.py",
    "tests/engine/test_backends.py",
    "tests/engine/test_model_loading.py",
    "tests/engine/test_checkpoint.py",
    "tests/engine/test_quant.py",  # int8's prefill multiplies in bfloat16 where oneDNN can, else float32
    "tests/engine/test_prefix_reuse.py",
]


def _capped_env() -> dict[str, str]:
    env = {**os.environ, **NO_BFLOAT16}
    env.pop("PYTEST_ADDOPTS", None)
    return env


def _require_the_cap() -> None:
    """Skip where the cap does not hide bfloat16 (oneDNN ignores an x86 ISA name elsewhere)."""
    probe = "from specdraft.engine.kernels import can_pack_bfloat16; print(can_pack_bfloat16())"
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=_capped_env(),
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr
    if result.stdout.strip() != "False":
        pytest.skip(f"{NO_BFLOAT16} does not hide bfloat16 from oneDNN on this CPU")


@pytest.mark.slow
def test_engine_tests_pass_without_native_bfloat16():
    _require_the_cap()
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *BFLOAT16_TESTS]
    result = subprocess.run(command, cwd=ROOT, env=_capped_env(), capture_output=True, text=True,
                            timeout=900)  # fmt: skip
    tail = "\n".join(result.stdout.splitlines()[-30:])
    assert result.returncode == 0, f"with {NO_BFLOAT16}:\n{tail}\n{result.stderr[-2000:]}"
    assert " passed" in tail
