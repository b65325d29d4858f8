"""The engine makes idle OpenMP threads sleep (fast on a shared CPU) unless the user said otherwise."""

import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize(("given", "expected"), [(None, "PASSIVE"), ("ACTIVE", "ACTIVE")])
def test_engine_sets_omp_wait_policy_unless_the_user_did(given, expected):
    env = {key: value for key, value in os.environ.items() if key != "OMP_WAIT_POLICY"}
    if given:
        env["OMP_WAIT_POLICY"] = given
    code = "import os, engine; print(os.environ['OMP_WAIT_POLICY'])"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert result.stdout.strip() == expected, result.stderr
