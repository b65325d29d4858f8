"""`specdraft generate` and `specdraft bench generate` end to end, on tiny checkpoints."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
import torch

from specdraft.engine import checkpoint
from specdraft.engine.bench import generate as bench
from specdraft.engine.generate import generate
from specdraft.ui.cli.main import main


def test_generate_streams_the_greedy_continuation(checkpoints, capsys):
    path = checkpoints["qwen2"]
    assert main(["generate", "--model", str(path), "def add(a, b):", "--max-new-tokens", "12", "--stats"]) == 0
    out, err = capsys.readouterr()
    loaded = checkpoint.load(path)
    ids = loaded.tokenizer.encode("def add(a, b):")
    expected = generate(loaded.model, ids, max_new_tokens=12, eos_ids=loaded.eos_token_ids).tokens
    assert out == loaded.tokenizer.decode(expected, skip_special_tokens=True)
    stats = json.loads(err.strip().splitlines()[-1])
    assert stats["prompt_tokens"] == len(ids) and stats["new_tokens"] == len(expected)
    assert stats["prefill_tokens_per_s"] > 0 and "decode_tokens_per_s" in stats


@pytest.mark.slow
def test_generate_with_a_compiled_decode_step_writes_the_same_text(checkpoints, capsys):
    path = str(checkpoints["qwen2"])
    assert main(["generate", "--model", path, "def add(a, b):", "--max-new-tokens", "16", "--no-compile"]) == 0
    eager = capsys.readouterr().out
    assert main(["generate", "--model", path, "def add(a, b):", "--max-new-tokens", "16", "--compile"]) == 0
    assert capsys.readouterr().out == eager != ""


def test_generate_chat_sampling_is_seeded(checkpoints, capsys):
    argv = ["generate", "--model", str(checkpoints["qwen3"]), "hello", "--chat", "--temperature", "0.9",
            "--top-p", "0.95", "--top-k", "50", "--seed", "5", "--max-new-tokens", "16"]  # fmt: skip
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    assert main([*argv[:-4], "--seed", "6", "--max-new-tokens", "16"]) == 0
    assert capsys.readouterr().out != first


def test_generate_errors_are_one_line_and_exit_2(checkpoints, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(checkpoint, "BUILTIN_DIR", tmp_path / "builtin")
    assert main(["generate", "--model", "builtin", "x"]) == 2
    err = capsys.readouterr().err
    assert "builtin model is not built yet" in err and "python -m specdraft.engine.training" in err
    assert main(["generate", "--model", str(tmp_path / "none"), "x"]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["generate", "--model", str(checkpoints["llama"]), "x", "--max-new-tokens", "5000"]) == 2
    err = capsys.readouterr().err
    assert "exceeds the model's context length (256)" in err and len(err.strip().splitlines()) == 1
    no_template = tmp_path / "m"
    shutil.copytree(checkpoints["qwen2"], no_template)
    config = json.loads((no_template / "tokenizer_config.json").read_text())
    config.pop("chat_template")
    (no_template / "tokenizer_config.json").write_text(json.dumps(config))
    assert main(["generate", "--model", str(no_template), "x", "--chat"]) == 2
    assert "no chat template" in capsys.readouterr().err


def test_builtin_resolves_to_the_package_directory(tmp_path, monkeypatch, checkpoints):
    shutil.copytree(checkpoints["smollm"], tmp_path / "builtin")
    monkeypatch.setattr(checkpoint, "BUILTIN_DIR", tmp_path / "builtin")
    assert checkpoint.resolve_model_dir("builtin") == tmp_path / "builtin"


def test_python_dash_m_specdraft_engine_runs_generate(checkpoints):
    result = subprocess.run(
        [sys.executable, "-m", "specdraft.engine", "generate", "--model", str(checkpoints["llama"]), "Hi", "--max-new-tokens",
         "4", "--stats"], capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stderr.strip().splitlines()[-1])["new_tokens"] == 4


@pytest.mark.parametrize(("text", "value"), [("20M", 20_000_000), ("500k", 500_000), ("1.5M", 1_500_000), ("300", 300)])
def test_parse_size(text, value):
    assert bench.parse_size(text) == value


def test_args_for_size_lands_near_the_target():
    from specdraft.engine.model import Transformer

    for target in (1_000_000, 5_000_000, 20_000_000):
        args = bench.args_for_size(target, vocab_size=4096)
        with __import__("torch").device("meta"):
            model = Transformer(args)
        assert abs(bench.count_params(model) - target) / target < 0.15
        assert 4 <= args.n_layer <= 12


def test_memory_probe_sees_an_allocation():
    with bench.MemoryProbe() as probe:
        block = bytearray(64 * 1024 * 1024)
        block[::4096] = b"x" * len(block[::4096])  # touch every page
    assert probe.peak_mib > 50


@pytest.mark.slow
def test_bench_generate_runs_both_engines_and_checks_tokens(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert main(["bench", "generate", "--size", "100k", "--context", "48", "--new-tokens", "6", "--repeats", "1",
                 "--vocab", "512", "--json", str(out)]) == 0  # fmt: skip
    table = capsys.readouterr().out
    assert "transformers" in table and "random-100k" in table
    (result,) = json.loads(out.read_text())
    ours, hf = result["runs"]
    assert ours["engine"] == "ours" and hf["engine"] == "transformers"
    assert ours["tokens_equal"] is True and ours["tokens_common_prefix"] == 6
    assert ours["decode_tokens_per_s"] > 0 and hf["decode_tokens_per_s"] > 0 and ours["decode_ratio"] > 0
    # the floor: bytes a step reads over the copy bandwidth measured in the same run
    assert result["copy_gb_per_s"] > 0 and result["floor_ms"] > 0 and ours["x_floor"] > 0
    assert "floor ms" in table and "GB/s" in table


def test_decode_bytes_counts_every_matrix_once_and_the_cache_in_use(checkpoints):
    model = checkpoint.load_model(checkpoints["llama3"])
    args = model.args
    model.setup_caches(1, 64)
    matrices = sum(m.weight.numel() for m in model.modules() if isinstance(m, torch.nn.Linear))
    norms = args.dim * (2 * args.n_layer + 1) + (2 * args.n_layer * args.head_dim if args.qk_norm else 0)
    cache = 2 * args.n_layer * args.n_kv_heads * args.head_dim * 40  # K and V of 40 positions
    expected = 4 * (matrices + args.dim + norms + cache)  # float32; one embedding row
    assert bench.decode_bytes(model, 40) == expected


def test_several_dtypes_are_measured_in_one_run(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert main(["bench", "generate", "--size", "100k", "--context", "16", "--new-tokens", "3", "--repeats", "1",
                 "--vocab", "256", "--dtype", "float32", "bfloat16", "int8", "int4", "--no-transformers",
                 "--copy-mib", "8", "--json", str(out)]) == 0  # fmt: skip
    results = json.loads(out.read_text())
    assert [r["dtype"] for r in results] == ["float32", "bfloat16", "int8", "int4"]
    # int4 reads about half int8's bytes a step (its scales and offsets on top)
    assert 0.4 < results[3]["decode_bytes"] / results[2]["decode_bytes"] < 0.75
    assert all(r["floor_ms"] > 0 and r["runs"][0]["engine"] == "ours" for r in results)
    assert all(r["products_ms"] > 0 and r["products_x_floor"] > 0 for r in results)
    assert capsys.readouterr().out.count("products only") == 1 + len(results)  # a row each and the legend


def test_common_prefix_counts_leading_agreement():
    assert bench._common_prefix([1, 2, 3, 4], [1, 2, 5, 4]) == 2
    assert bench._common_prefix([7, 8], [7, 8, 9]) == 2
    assert bench._common_prefix([], [1]) == 0


def test_products_ms_runs_every_matrix_once_a_step_on_one_row(checkpoints):
    model = checkpoint.load_model(checkpoints["llama3"])
    calls = []
    for module in model.modules():
        if isinstance(module, torch.nn.Linear):
            module.register_forward_hook(lambda m, inputs, out: calls.append((m, inputs[0].shape)))
    linears = sum(isinstance(m, torch.nn.Linear) for m in model.modules())
    assert bench.products_ms(model, steps=3, repeats=2) > 0
    assert len(calls) == linears * (1 + 3 * 2)  # a first call each, then every step
    assert {shape[:-1] for _m, shape in calls} == {torch.Size([1, 1])}
    assert [m for m, _s in calls[:linears]] == [m for m, _s in calls[linears : 2 * linears]]
