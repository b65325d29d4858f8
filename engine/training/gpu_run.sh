#!/usr/bin/env bash
# Continue the builtin target on a CUDA GPU (the `device` tool's machine: python3 with a CUDA
# torch, numpy, tokenizers and safetensors, no network), then hand the weights back through $OUT.
#
# Here, once the work directory's data is built (python -m specdraft.training --data-only: its edits are made by specdraft.ops):
#   mkdir -p .gpu && echo /.gpu/ >> .git/info/exclude
#   tar -cJf .gpu/data.tar.xz -C runs/v5s8/data .    # 174 MB of data packs into about 20 MB
# There, in one call (carry: [".gpu"]; the weights it continues are the checked-out engine/builtin;
# arguments after LR go to the training command as they are):
#   bash engine/training/gpu_run.sh .gpu/data.tar.xz 8 32 0.001 --doc-mask --resume-weight 4 --substitution-every 3
# Back here: copy model.safetensors and training.json from the call's files into a copy of
# engine/builtin, evaluate it (specdraft bench edits --model DIR) and ship it only if it is better.
set -euo pipefail
pack=${1:?usage: [DEVICE=cuda] gpu_run.sh DATA.tar.xz [MINUTES] [BATCH] [LR] [TRAINING OPTIONS...]}
minutes=${2:-8}
batch=${3:-32}
lr=${4:-0.001}
extra=("${@:5}")  # --doc-mask, --resume-weight W, --substitution-every N, --kind-repeat P=N ...
device=${DEVICE:-cuda}  # DEVICE=cpu PYTHON=.venv/bin/python try the script here
python=${PYTHON:-python3}  # the one that holds torch
out=${OUT:-/tmp/specdraft-gpu-out}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
mkdir -p "$tmp/work/data" "$tmp/site/specdraft" "$out"
tar -xJf "$pack" -C "$tmp/work/data"
# the import package without installing it: app/ is `specdraft`, engine/ is `specdraft.engine`
cp -r "$root/app/." "$tmp/site/specdraft/"
ln -s "$root/engine" "$tmp/site/specdraft/engine"
cp -r "$root/engine/builtin" "$tmp/out"
rm -rf "$tmp/out/eval"
export PYTHONPATH="$tmp/site" PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null || true
"$python" -m specdraft.engine.training --work "$tmp/work" --out "$tmp/out" --continue-shipped \
    --models target --device "$device" --batch-size "$batch" --lr "$lr" --minutes "$minutes" --no-progress \
    "${extra[@]}" 2>&1 | tee "$out/train.log"
cp "$tmp/out/model.safetensors" "$tmp/out/training.json" "$out/"
cp "$tmp/work/target/log.jsonl" "$out/log.jsonl"
