"""Hugging Face checkpoint directories on disk: load and save models, tokenizers, chat templates.

Public API (stable; the training and speculative helpers build on it):

- ``load(path, dtype=torch.float32) -> Checkpoint``: config.json, model.safetensors (or shards
  listed in model.safetensors.index.json), tokenizer.json, tokenizer_config.json /
  chat_template.jinja, generation_config.json. Weights load from safetensors only.
- ``load_model(path, dtype=torch.float32) -> Transformer``: only the weights; dtype "int8" or
  "int4": weight-only int8 / int4 (specdraft.engine.quant), from its cached copy or made and cached.
- ``load_draft_model(path, vocab_size, dtype) -> Transformer``: a draft model (float32 when small).
- ``load_tokenizer(path) -> Tokenizer | None``: only the tokenizer (None without tokenizer.json).
- ``save(model, path, tokenizer=None, *, dtype=None, chat_template=None, bos_token=None,
  eos_token=None, generation_config=None, max_shard_bytes=None)``: the same layout, readable
  by transformers' AutoModelForCausalLM / AutoTokenizer and by ``load``.
- ``Checkpoint``: dataclass (path, args, model, tokenizer, eos_token_ids, generation_config).
- ``Tokenizer``: ``encode(text, add_special_tokens=True)``, ``decode(ids, skip_special_tokens)``,
  ``apply_chat_template(messages, add_generation_prompt=True, **extra)``, ``bos_token``,
  ``eos_token``, ``chat_template``, ``vocab_size``, ``special_ids``, ``backend`` (the
  ``tokenizers.Tokenizer``); ``Tokenizer.from_file(path)`` / ``from_dir(dir)``.
- ``hf_to_engine(state_dict, args)`` / ``engine_to_hf(state_dict, args)``: tensor name mapping.
- ``SUPPORTED_ARCHITECTURES`` (re-exported from specdraft.engine.model).

Every problem a user can fix raises EngineError naming the file, architecture or tensor.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import torch
from torch import Tensor

from specdraft.engine.errors import EngineError
from specdraft.engine.model import SUPPORTED_ARCHITECTURES, ModelArgs, Transformer

__all__ = [
    "SUPPORTED_ARCHITECTURES", "Checkpoint", "Tokenizer", "load", "load_model", "load_tokenizer",
    "save", "hf_to_engine", "engine_to_hf", "hf_tensor_shapes",
]  # fmt: skip

DTYPES = {"float32": torch.float32, "fp32": torch.float32, "bfloat16": torch.bfloat16,
          "bf16": torch.bfloat16, "float16": torch.float16, "fp16": torch.float16}  # fmt: skip


# ---------------------------------------------------------------------------------------------
# tensor names


def hf_tensor_shapes(args: ModelArgs) -> dict[str, tuple[int, ...]]:
    """Every tensor a Hugging Face checkpoint of this config holds, with its shape."""
    q, kv = args.n_head * args.head_dim, args.n_kv_heads * args.head_dim
    shapes: dict[str, tuple[int, ...]] = {"model.embed_tokens.weight": (args.vocab_size, args.dim)}
    fused = args.model_type == "phi3"  # Phi-3 stores q/k/v as one matrix, and gate/up
    for i in range(args.n_layer):
        p = f"model.layers.{i}."
        if fused:
            shapes[p + "self_attn.qkv_proj.weight"] = (q + 2 * kv, args.dim)
        else:
            shapes[p + "self_attn.q_proj.weight"] = (q, args.dim)
            shapes[p + "self_attn.k_proj.weight"] = (kv, args.dim)
            shapes[p + "self_attn.v_proj.weight"] = (kv, args.dim)
        if args.attention_bias:
            shapes[p + "self_attn.q_proj.bias"] = (q,)
            shapes[p + "self_attn.k_proj.bias"] = (kv,)
            shapes[p + "self_attn.v_proj.bias"] = (kv,)
        shapes[p + "self_attn.o_proj.weight"] = (args.dim, q)
        if args.attention_out_bias:
            shapes[p + "self_attn.o_proj.bias"] = (args.dim,)
        if args.qk_norm:
            shapes[p + "self_attn.q_norm.weight"] = (args.head_dim,)
            shapes[p + "self_attn.k_norm.weight"] = (args.head_dim,)
        if fused:
            shapes[p + "mlp.gate_up_proj.weight"] = (2 * args.intermediate_size, args.dim)
        else:
            shapes[p + "mlp.gate_proj.weight"] = (args.intermediate_size, args.dim)
            shapes[p + "mlp.up_proj.weight"] = (args.intermediate_size, args.dim)
        shapes[p + "mlp.down_proj.weight"] = (args.dim, args.intermediate_size)
        for name in _norm_names(args).values():
            shapes[p + name + ".weight"] = (args.dim,)
    shapes["model.norm.weight"] = (args.dim,)
    if not args.tie_word_embeddings:
        shapes["lm_head.weight"] = (args.vocab_size, args.dim)
    return shapes


def _norm_names(args: ModelArgs) -> dict[str, str]:
    """A layer's norms: engine name -> Hugging Face name. Gemma 2's post_attention_layernorm norms the
    attention's output (its MLP's input norm is pre_feedforward_layernorm); Llama's, the MLP's input."""
    if args.sandwich_norms:
        return {"attention_norm": "input_layernorm", "post_attention_norm": "post_attention_layernorm",
                "ffn_norm": "pre_feedforward_layernorm", "post_ffn_norm": "post_feedforward_layernorm"}  # fmt: skip
    return {"attention_norm": "input_layernorm", "ffn_norm": "post_attention_layernorm"}


def _stack_rows(parts: list[Tensor]) -> Tensor:
    """torch.cat(parts) laid out column-major (what Transformer.use_inference_layout wants),
    written straight into place so that loading holds no second copy of the fused matrix."""
    if parts[0].dim() == 1 or parts[0].dtype != torch.float32:  # see use_inference_layout
        return torch.cat(parts)
    rows = sum(p.shape[0] for p in parts)
    out = torch.empty(parts[0].shape[1], rows, dtype=parts[0].dtype).t()  # [rows, cols], column-major
    offset = 0
    for part in parts:
        out[offset : offset + part.shape[0]].copy_(part)
        offset += part.shape[0]
    return out


def hf_to_engine(hf: dict[str, Tensor], args: ModelArgs, consume: bool = False) -> dict[str, Tensor]:
    """Hugging Face tensor names -> Transformer state dict (q/k/v and gate/up fused).

    consume=True pops each tensor from `hf` as soon as it is used, so that peak memory while
    loading stays near one copy of the weights.
    """
    take = hf.pop if consume else hf.__getitem__
    sd = {"tok_embeddings.weight": take("model.embed_tokens.weight"), "norm.weight": take("model.norm.weight")}
    sd["output.weight"] = sd["tok_embeddings.weight"] if args.tie_word_embeddings else take("lm_head.weight")
    for i in range(args.n_layer):
        p, e = f"model.layers.{i}.", f"layers.{i}."
        attn = p + "self_attn."
        if args.model_type == "phi3":  # stored fused, in the same order
            sd[e + "attention.wqkv.weight"] = _stack_rows([take(attn + "qkv_proj.weight")])
        else:
            sd[e + "attention.wqkv.weight"] = _stack_rows([take(attn + n + "_proj.weight") for n in "qkv"])
        if args.attention_bias:
            sd[e + "attention.wqkv.bias"] = torch.cat([take(attn + n + "_proj.bias") for n in "qkv"])
        sd[e + "attention.wo.weight"] = take(attn + "o_proj.weight")
        if args.attention_out_bias:
            sd[e + "attention.wo.bias"] = take(attn + "o_proj.bias")
        if args.qk_norm:
            sd[e + "attention.q_norm.weight"] = take(attn + "q_norm.weight")
            sd[e + "attention.k_norm.weight"] = take(attn + "k_norm.weight")
        if args.model_type == "phi3":
            sd[e + "feed_forward.w13.weight"] = _stack_rows([take(p + "mlp.gate_up_proj.weight")])
        else:
            sd[e + "feed_forward.w13.weight"] = _stack_rows([take(p + "mlp.gate_proj.weight"), take(p + "mlp.up_proj.weight")])
        sd[e + "feed_forward.w2.weight"] = take(p + "mlp.down_proj.weight")
        for ours, theirs in _norm_names(args).items():
            sd[e + ours + ".weight"] = take(p + theirs + ".weight")
    return sd


def engine_to_hf(sd: dict[str, Tensor], args: ModelArgs) -> dict[str, Tensor]:
    """Transformer state dict -> Hugging Face tensor names (contiguous, untied copies)."""
    q, kv = args.n_head * args.head_dim, args.n_kv_heads * args.head_dim
    hf = {"model.embed_tokens.weight": sd["tok_embeddings.weight"], "model.norm.weight": sd["norm.weight"]}
    if not args.tie_word_embeddings:
        hf["lm_head.weight"] = sd["output.weight"]
    for i in range(args.n_layer):
        p, e = f"model.layers.{i}.", f"layers.{i}."
        attn = p + "self_attn."
        for suffix in ("weight", "bias") if args.attention_bias else ("weight",):
            if args.model_type == "phi3":
                hf[attn + "qkv_proj." + suffix] = sd[e + "attention.wqkv." + suffix]
                continue
            wq, wk, wv = sd[e + "attention.wqkv." + suffix].split([q, kv, kv])
            hf[attn + "q_proj." + suffix], hf[attn + "k_proj." + suffix], hf[attn + "v_proj." + suffix] = wq, wk, wv
        hf[attn + "o_proj.weight"] = sd[e + "attention.wo.weight"]
        if args.attention_out_bias:
            hf[attn + "o_proj.bias"] = sd[e + "attention.wo.bias"]
        if args.qk_norm:
            hf[attn + "q_norm.weight"] = sd[e + "attention.q_norm.weight"]
            hf[attn + "k_norm.weight"] = sd[e + "attention.k_norm.weight"]
        if args.model_type == "phi3":
            hf[p + "mlp.gate_up_proj.weight"] = sd[e + "feed_forward.w13.weight"]
        else:
            gate, up = sd[e + "feed_forward.w13.weight"].chunk(2)
            hf[p + "mlp.gate_proj.weight"], hf[p + "mlp.up_proj.weight"] = gate, up
        hf[p + "mlp.down_proj.weight"] = sd[e + "feed_forward.w2.weight"]
        for ours, theirs in _norm_names(args).items():
            hf[p + theirs + ".weight"] = sd[e + ours + ".weight"]
    return {name: t.detach().contiguous().clone() for name, t in hf.items()}


# ---------------------------------------------------------------------------------------------
# reading


def _resolve_dtype(dtype: torch.dtype | str | None) -> torch.dtype:
    if dtype is None:
        return torch.float32
    if isinstance(dtype, torch.dtype):
        return dtype
    if dtype not in DTYPES:
        raise EngineError(f"unsupported dtype {dtype!r}; use one of: {', '.join(DTYPES)}")
    return DTYPES[dtype]


def _read_json(path: Path, what: str) -> dict:
    if not path.is_file():
        raise EngineError(f"{path} is missing: a Hugging Face checkpoint directory needs {what}")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise EngineError(f"{path} is not valid JSON: {error}") from None


def _check_dir(path: str | Path) -> Path:
    path = Path(path)
    if not path.is_dir():
        raise EngineError(f"model directory {path} does not exist (give a Hugging Face checkpoint directory)")
    return path


def read_args(path: str | Path) -> ModelArgs:
    """The ModelArgs of a checkpoint directory's config.json."""
    path = _check_dir(path)
    return ModelArgs.from_hf_config(_read_json(path / "config.json", "config.json"))


def _weight_files(path: Path) -> list[Path]:
    single, index = path / "model.safetensors", path / "model.safetensors.index.json"
    if single.is_file():
        return [single]
    if index.is_file():
        weight_map = _read_json(index, "model.safetensors.index.json").get("weight_map", {})
        files = [path / name for name in dict.fromkeys(weight_map.values())]
        for file in files:
            if not file.is_file():
                raise EngineError(f"{file} is missing (listed in {index.name})")
        return files
    pickles = [p.name for p in path.glob("*.bin")] + [p.name for p in path.glob("*.pt")]
    hint = (
        f"; found {', '.join(sorted(pickles))}, but pickled weights are never loaded: convert them to "
        "safetensors (transformers: model.save_pretrained(dir, safe_serialization=True))"
        if pickles else ""
    )  # fmt: skip
    raise EngineError(f"{single} is missing (and no model.safetensors.index.json){hint}")


def _read_tensors(path: Path, args: ModelArgs, dtype: torch.dtype) -> dict[str, Tensor]:
    from safetensors import SafetensorError, safe_open

    expected = hf_tensor_shapes(args)
    tensors: dict[str, Tensor] = {}
    for file in _weight_files(path):
        try:
            with safe_open(str(file), framework="pt") as reader:
                for name in reader.keys():
                    if name.endswith("rotary_emb.inv_freq"):
                        continue  # older transformers saved this recomputable buffer
                    if name == "lm_head.weight" and args.tie_word_embeddings:
                        continue  # tied: the embedding matrix is the output matrix
                    if name not in expected:
                        raise EngineError(
                            f"unexpected tensor {name!r} in {file.name}: it does not belong to a "
                            f"{args.architecture} with this config.json"
                        )
                    tensor = reader.get_tensor(name)
                    if tuple(tensor.shape) != expected[name]:
                        raise EngineError(
                            f"tensor {name!r} in {file.name} has shape {tuple(tensor.shape)}, but "
                            f"config.json implies {expected[name]}"
                        )
                    tensors[name] = tensor.to(dtype)
        except SafetensorError as error:
            raise EngineError(f"{file} is not a readable safetensors file: {error}") from None
    missing = [name for name in expected if name not in tensors]
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise EngineError(f"tensor {missing[0]!r} is missing from the weights in {path}{more}")
    return tensors


def load_model(path: str | Path, dtype: torch.dtype | str | None = torch.float32, *,
               exact_batches: bool = True) -> Transformer:  # fmt: skip
    """The Transformer of a checkpoint directory, in eval mode, weights in `dtype`.

    exact_batches=False: a draft model, whose bfloat16 products may trade row-count-exact sums
    for speed (Transformer.use_inference_layout)."""
    path = _check_dir(path)
    args = read_args(path)
    if dtype in ("int8", "int4"):
        return _load_int8(path, args, bits=int(dtype[3:]))
    dtype = _resolve_dtype(dtype)
    return _load_float(path, args, dtype, layout=True, exact_batches=exact_batches)


def _load_int8(path: Path, args: ModelArgs, bits: int = 8) -> Transformer:
    """Weight-only int8 or int4 (specdraft.engine.quant): the cached copy of this checkpoint, else
    quantized from its float weights (read in bfloat16 when stored so: lossless and half the
    memory) and cached for the next load."""
    from specdraft.engine import quant

    stored = _read_json(path / "config.json", "config.json")
    float_dtype = torch.bfloat16 if (stored.get("torch_dtype") or stored.get("dtype")) == "bfloat16" else torch.float32
    return quant.load_int8(path, _weight_files(path), args,
                           lambda: _load_float(path, args, float_dtype, layout=False), bits)  # fmt: skip


def _load_float(path: Path, args: ModelArgs, dtype: torch.dtype, *, layout: bool,
                exact_batches: bool = True) -> Transformer:  # fmt: skip
    """load_model's float path; layout=False leaves the weights as read (quantize_model's input)."""
    tensors = _read_tensors(path, args, dtype)
    # safetensors hands out tensors backed by a memory map of the file: every page read stays in
    # this process's resident memory while any of them lives. Fused and re-laid matrices are
    # copies anyway; the rest is copied below, so that the map is released after loading.
    mapped = {t.data_ptr() for t in tensors.values()}
    state = hf_to_engine(tensors, args, consume=True)
    with torch.device("meta"):
        model = Transformer(args)
    model.load_state_dict(state, assign=True, strict=True)
    del state, tensors  # the model holds the tensors now; use_inference_layout may replace some
    if args.tie_word_embeddings:
        model.output.weight = model.tok_embeddings.weight
    if not layout:
        return model.eval()
    model.use_inference_layout(exact_batches)
    with torch.no_grad():
        for module in model.modules():
            for name, param in module.named_parameters(recurse=False):
                if param.data_ptr() in mapped:
                    setattr(module, name, torch.nn.Parameter(param.detach().clone(), param.requires_grad))
    if args.tie_word_embeddings:
        model.output.weight = model.tok_embeddings.weight
    return model.eval()


# A draft model of at most this many parameters runs in float32 whatever the target's dtype: its
# matrices are too small for bfloat16 to save time, and the conversions around each product cost
# more than they save.
DRAFT_FLOAT32_MAX_PARAMS = 64_000_000


def load_draft_model(path: str | Path, vocab_size: int, dtype: torch.dtype | str | None = torch.float32) -> Transformer:
    """A draft model for a target whose vocabulary has `vocab_size` tokens, laid out for drafting.

    Float32 when it has at most DRAFT_FLOAT32_MAX_PARAMS parameters, else `dtype` (the target's);
    bfloat16 products are not row-count-exact (nothing has to match a draft's numbers).
    EngineError when the vocabularies differ: a draft model must share the target's tokenizer."""
    path = _check_dir(path)
    args = read_args(path)
    if args.vocab_size != vocab_size:
        raise EngineError(f"the draft model's vocabulary ({args.vocab_size}) differs from the model's "
                          f"({vocab_size}): a draft model must share the model's tokenizer")  # fmt: skip
    if sum(math.prod(shape) for shape in hf_tensor_shapes(args).values()) <= DRAFT_FLOAT32_MAX_PARAMS:
        dtype = torch.float32
    return load_model(path, dtype=dtype, exact_batches=False)


# ---------------------------------------------------------------------------------------------
# tokenizer and chat template


def _token_text(value: object) -> str | None:
    # tokenizer_config.json holds special tokens as strings or as AddedToken dicts
    if isinstance(value, dict):
        return value.get("content")
    return value if isinstance(value, str) else None


class Tokenizer:
    """tokenizer.json through `tokenizers`, plus the special tokens and chat template around it."""

    def __init__(self, backend, *, bos_token: str | None = None, eos_token: str | None = None,
                 chat_template: str | None = None, special_tokens: dict[str, str] | None = None) -> None:  # fmt: skip
        self.backend = backend  # tokenizers.Tokenizer
        self.bos_token = bos_token
        self.eos_token = eos_token
        self.chat_template = chat_template
        # every special token the template may name (bos_token, eos_token, unk_token, pad_token, ...)
        self.special_tokens = {k: v for k, v in (special_tokens or {}).items() if v is not None}
        for key, value in (("bos_token", bos_token), ("eos_token", eos_token)):
            if value is not None:
                self.special_tokens[key] = value
        self.special_ids = {
            token.content and self.backend.token_to_id(token.content)
            for token in self.backend.get_added_tokens_decoder().values() if token.special
        }  # fmt: skip
        self.special_ids.discard(None)

    @classmethod
    def from_file(cls, tokenizer_json: str | Path, **kwargs) -> Tokenizer:
        from tokenizers import Tokenizer as Backend

        path = Path(tokenizer_json)
        if not path.is_file():
            raise EngineError(f"{path} is missing: the engine needs tokenizer.json (a fast tokenizer)")
        try:
            return cls(Backend.from_file(str(path)), **kwargs)
        except Exception as error:  # tokenizers raises its own Exception type
            raise EngineError(f"{path} could not be read by the tokenizers library: {error}") from None

    @classmethod
    def from_dir(cls, path: str | Path) -> Tokenizer:
        """tokenizer.json, tokenizer_config.json (special tokens, chat template), chat_template.jinja."""
        path = _check_dir(path)
        config = {}
        if (path / "tokenizer_config.json").is_file():
            config = _read_json(path / "tokenizer_config.json", "tokenizer_config.json")
        special = {}
        if (path / "special_tokens_map.json").is_file():  # legacy file, read by transformers too
            special.update(
                {k: _token_text(v) for k, v in _read_json(path / "special_tokens_map.json", "").items()}
            )
        for key in ("bos_token", "eos_token", "unk_token", "pad_token", "sep_token", "cls_token", "mask_token"):
            if key in config:
                special[key] = _token_text(config[key])
        template = config.get("chat_template")
        if isinstance(template, list):  # several named templates: transformers uses "default"
            named = {t["name"]: t["template"] for t in template}
            template = named.get("default")
        if (path / "chat_template.jinja").is_file():  # newer transformers save it here; it wins
            template = (path / "chat_template.jinja").read_text(encoding="utf-8")
        return cls.from_file(
            path / "tokenizer.json", bos_token=special.get("bos_token"),
            eos_token=special.get("eos_token"), chat_template=template, special_tokens=special,
        )  # fmt: skip

    @property
    def vocab_size(self) -> int:
        return self.backend.get_vocab_size(with_added_tokens=True)

    def token_to_id(self, token: str) -> int | None:
        return self.backend.token_to_id(token)

    def encode(self, text: str, add_special_tokens: bool = True) -> list[int]:
        return self.backend.encode(text, add_special_tokens=add_special_tokens).ids

    def decode(self, ids: list[int], skip_special_tokens: bool = False) -> str:
        return self.backend.decode(list(ids), skip_special_tokens=skip_special_tokens)

    def apply_chat_template(self, messages: list[dict], add_generation_prompt: bool = True, **extra) -> str:
        """Render messages as transformers' apply_chat_template(tokenize=False) does."""
        if not self.chat_template:
            raise EngineError(
                "this model has no chat template (none in tokenizer_config.json or chat_template.jinja); "
                "run without --chat"
            )
        import jinja2

        template = _compile_chat_template(self.chat_template)
        messages = [{k: v for k, v in m.items() if v is not None} for m in messages]
        try:
            return template.render(
                messages=messages, tools=extra.pop("tools", None), documents=extra.pop("documents", None),
                add_generation_prompt=add_generation_prompt, **{**self.special_tokens, **extra},
            )  # fmt: skip
        except jinja2.TemplateError as error:
            raise EngineError(f"the chat template refused these messages: {error}") from None


_TEMPLATES: dict[str, object] = {}


def _compile_chat_template(source: str):
    """A jinja2 template set up like transformers': sandboxed, trim/lstrip blocks, same globals."""
    if source in _TEMPLATES:
        return _TEMPLATES[source]
    import jinja2
    import jinja2.ext
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    def raise_exception(message: str):
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        # jinja's own tojson escapes HTML characters; chat templates expect plain JSON
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    class GenerationTag(jinja2.ext.Extension):
        # {% generation %} ... {% endgeneration %} marks assistant text for training masks;
        # for rendering it is a no-op, but templates that use it must still parse.
        tags = {"generation"}

        def parse(self, parser):
            lineno = next(parser.stream).lineno
            body = parser.parse_statements(["name:endgeneration"], drop_needle=True)
            return jinja2.nodes.CallBlock(self.call_method("_render"), [], [], body).set_lineno(lineno)

        def _render(self, caller):
            return caller()

    env = ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[GenerationTag, jinja2.ext.loopcontrols]
    )
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = lambda fmt: datetime.now().strftime(fmt)
    try:
        template = env.from_string(source)
    except jinja2.TemplateSyntaxError as error:
        raise EngineError(f"the chat template does not parse: {error}") from None
    _TEMPLATES[source] = template
    return template


def load_tokenizer(path: str | Path) -> Tokenizer | None:
    """The directory's tokenizer, or None when it has no tokenizer.json."""
    path = _check_dir(path)
    if not (path / "tokenizer.json").is_file():
        return None
    return Tokenizer.from_dir(path)


# ---------------------------------------------------------------------------------------------
# the whole directory


BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"  # the shipped pair: target, and its draft in draft/


def resolve_model_dir(name: str) -> Path:
    """`builtin` names the model shipped in engine/builtin/; "Org/Name" a model in the local Hugging
    Face cache (specdraft.engine.hub); anything else is a directory."""
    if name == "builtin":
        if not (BUILTIN_DIR / "config.json").is_file():
            raise EngineError(
                f"the builtin model is not built yet ({BUILTIN_DIR} has no config.json); "
                "build it with `python -m specdraft.engine.training`, or pass --model DIR"
            )
        return BUILTIN_DIR
    from specdraft.engine import hub

    if hub.is_model_name(name):  # "Org/Name": from the local Hugging Face cache, never downloaded
        return hub.resolve(name)
    path = Path(name).expanduser()
    if not path.is_dir():
        raise EngineError(f"model directory {path} does not exist (give a Hugging Face checkpoint directory, "
                          "a model name such as Qwen/Qwen2.5-Coder-1.5B-Instruct, or 'builtin')")  # fmt: skip
    return path


@dataclass
class Checkpoint:
    """A loaded checkpoint directory."""

    path: Path
    args: ModelArgs
    model: Transformer
    tokenizer: Tokenizer | None
    eos_token_ids: list[int] = field(default_factory=list)  # generation_config.json, else config.json
    generation_config: dict = field(default_factory=dict)

    def require_tokenizer(self) -> Tokenizer:
        if self.tokenizer is None:
            raise EngineError(f"{self.path / 'tokenizer.json'} is missing: text in and out needs a tokenizer")
        return self.tokenizer


def load(path: str | Path, dtype: torch.dtype | str | None = torch.float32) -> Checkpoint:
    """Model, tokenizer and generation settings of a Hugging Face checkpoint directory."""
    path = _check_dir(path)
    model = load_model(path, dtype)
    tokenizer = load_tokenizer(path)
    generation_config = {}
    if (path / "generation_config.json").is_file():
        generation_config = _read_json(path / "generation_config.json", "generation_config.json")
    eos = generation_config.get("eos_token_id", model.args.eos_token_id)
    eos_ids = [eos] if isinstance(eos, int) else list(eos or [])
    if not eos_ids and tokenizer is not None and tokenizer.eos_token is not None:
        token_id = tokenizer.token_to_id(tokenizer.eos_token)
        eos_ids = [token_id] if token_id is not None else []
    return Checkpoint(path, model.args, model, tokenizer, [int(i) for i in eos_ids], generation_config)


# ---------------------------------------------------------------------------------------------
# writing


def save(model: Transformer, path: str | Path, tokenizer=None, *, dtype: torch.dtype | str | None = None,
         chat_template: str | None = None, bos_token: str | None = None, eos_token: str | None = None,
         generation_config: dict | None = None, max_shard_bytes: int | None = None) -> Path:  # fmt: skip
    """Write `model` (and `tokenizer`: a Tokenizer or a tokenizers.Tokenizer) as a HF checkpoint.

    Weights go to model.safetensors, or to shards of at most max_shard_bytes with
    model.safetensors.index.json. chat_template / bos_token / eos_token default to the
    tokenizer's own. generation_config.json gets the eos ids (config's unless given).
    """
    from safetensors.torch import save_file

    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    args = model.args
    dtype = _resolve_dtype(dtype) if dtype is not None else model.output.weight.dtype
    tensors = {k: v.to(dtype) for k, v in engine_to_hf(model.state_dict(), args).items()}
    (path / "config.json").write_text(json.dumps(args.to_hf_config(dtype), indent=2) + "\n", encoding="utf-8")
    # stale weights from an earlier save would be mixed into this one
    for old in (*path.glob("model*.safetensors"), path / "model.safetensors.index.json"):
        old.unlink(missing_ok=True)
    metadata = {"format": "pt"}
    if max_shard_bytes is None:
        save_file(tensors, str(path / "model.safetensors"), metadata=metadata)
    else:
        shards: list[dict[str, Tensor]] = [{}]
        size = 0
        for name, tensor in tensors.items():
            nbytes = tensor.numel() * tensor.element_size()
            if shards[-1] and size + nbytes > max_shard_bytes:
                shards.append({})
                size = 0
            shards[-1][name] = tensor
            size += nbytes
        weight_map = {}
        for i, shard in enumerate(shards, 1):
            name = f"model-{i:05d}-of-{len(shards):05d}.safetensors"
            save_file(shard, str(path / name), metadata=metadata)
            weight_map.update(dict.fromkeys(shard, name))
        total = sum(t.numel() * t.element_size() for t in tensors.values())
        index = {"metadata": {"total_size": total}, "weight_map": weight_map}
        (path / "model.safetensors.index.json").write_text(json.dumps(index, indent=2) + "\n", encoding="utf-8")
    eos_ids = (generation_config or {}).get("eos_token_id", args.eos_token_id)
    gen = {"bos_token_id": args.bos_token_id, "eos_token_id": eos_ids, **(generation_config or {})}
    (path / "generation_config.json").write_text(json.dumps(gen, indent=2) + "\n", encoding="utf-8")
    if tokenizer is not None:
        _save_tokenizer(tokenizer, path, chat_template=chat_template, bos_token=bos_token, eos_token=eos_token,
                        max_length=args.max_position_embeddings)  # fmt: skip
    return path


def _save_tokenizer(tokenizer, path: Path, *, chat_template: str | None, bos_token: str | None,
                    eos_token: str | None, max_length: int) -> None:  # fmt: skip
    if isinstance(tokenizer, Tokenizer):
        backend = tokenizer.backend
        chat_template = chat_template if chat_template is not None else tokenizer.chat_template
        bos_token = bos_token if bos_token is not None else tokenizer.bos_token
        eos_token = eos_token if eos_token is not None else tokenizer.eos_token
        extra = {k: v for k, v in tokenizer.special_tokens.items() if k not in ("bos_token", "eos_token")}
    else:
        backend, extra = tokenizer, {}
    backend.save(str(path / "tokenizer.json"))
    config = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "model_max_length": max_length,
        "bos_token": bos_token,
        "eos_token": eos_token,
        "clean_up_tokenization_spaces": False,
        **extra,
    }
    if chat_template:
        config["chat_template"] = chat_template
    (path / "tokenizer_config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
