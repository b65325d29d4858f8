"""Fixtures for the engine tests: tiny random Hugging Face checkpoints and a tiny trained tokenizer.

transformers is a test-only dependency: it builds the reference checkpoints (save_pretrained)
and runs them (AutoModelForCausalLM) so that our engine is compared against it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

# Tiny models run fastest on one thread, and the test machine's cores are shared: more threads
# only wait on each other (measured: 2 threads on a busy 2-core machine, ~30x slower).
torch.set_num_threads(1)

VOCAB = 320  # the tiny tokenizer's vocabulary, models use the same size

CHATML_TEMPLATE = (
    "{% for message in messages %}"
    "{% if message['role'] not in ['system', 'user', 'assistant'] %}"
    "{{ raise_exception('roles must be system, user or assistant') }}{% endif %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)
LLAMA_TEMPLATE = (
    "{{ bos_token }}{% for message in messages %}\n"
    "  {% if loop.index0 == 0 and message['role'] == 'system' %}[SYS]{{ message['content'] | trim }}[/SYS]\n"
    "  {% elif message['role'] == 'user' %}[INST] {{ message['content'] | trim }} [/INST]\n"
    "  {% else %}{{ message['content'] | tojson }}{{ eos_token }}\n"
    "  {% endif %}\n"
    "{% endfor %}"
    "{% if add_generation_prompt %}ASSISTANT:{% endif %}"
)

CORPUS = [
    "def add(a, b):\n    return a + b\n",
    "The quick brown fox jumps over the lazy dog.",
    "naïve café, déjà vu — 日本語のテキスト, emoji 🙂🚀 and ünïcödé",
    "for i in range(10):\n    print(i * i)\n",
    "class Point:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\n",
] * 20

# Every supported architecture, tiny. Values are transformers config kwargs.
COMMON = dict(
    vocab_size=VOCAB, hidden_size=64, intermediate_size=160, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=256,
    bos_token_id=1, eos_token_id=2,
)  # fmt: skip
ARCHITECTURES = {
    "llama": ("LlamaConfig", {}),
    "llama3": ("LlamaConfig", dict(rope_theta=500000.0, rope_scaling={
        "rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
        "original_max_position_embeddings": 32})),
    "qwen2": ("Qwen2Config", dict(rope_theta=1000000.0)),
    "qwen3": ("Qwen3Config", dict(head_dim=32, num_key_value_heads=1)),
    "mistral": ("MistralConfig", dict(sliding_window=48)),
    "smollm": ("LlamaConfig", dict(tie_word_embeddings=True, num_key_value_heads=4)),
    "phi3": ("Phi3Config", dict(pad_token_id=0, sliding_window=48)),  # q/k/v and gate/up stored fused
    # GeGLU, (1 + w) norms, norms after attention and MLP, scaled embeddings, soft-capped scores and
    # logits (caps that bind on these weights), a query scale that is not head_dim's, layer 0 slides
    "gemma2": ("Gemma2Config", dict(pad_token_id=0, head_dim=16, query_pre_attn_scalar=24, sliding_window=48,
                                    attn_logit_softcapping=4.0, final_logit_softcapping=8.0)),
}  # fmt: skip


# Qwen2's pre-tokenizer split (transformers rebuilds Qwen tokenizers with exactly this pipeline)
QWEN_SPLIT = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""


def train_tokenizer(chat: str = "chatml"):
    """A byte-level BPE tokenizer trained on CORPUS, with special tokens, as transformers saves it.

    chat="llama": a post-processor prepends <s>; "qwen": Qwen2's NFC + regex split pipeline;
    "chatml": plain byte-level BPE (GPT-2 / SmolLM style).
    """
    from tokenizers import (
        Regex,
        Tokenizer,
        decoders,
        models,
        normalizers,
        pre_tokenizers,
        processors,
        trainers,
    )

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    if chat == "qwen":
        tokenizer.normalizer = normalizers.NFC()
        tokenizer.pre_tokenizer = pre_tokenizers.Sequence([
            pre_tokenizers.Split(Regex(QWEN_SPLIT), behavior="isolated", invert=False),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
        ])  # fmt: skip
    tokenizer.decoder = decoders.ByteLevel()
    specials = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"]
    trainer = trainers.BpeTrainer(
        vocab_size=VOCAB, special_tokens=specials, initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
    tokenizer.train_from_iterator(CORPUS, trainer)
    if chat == "llama":  # Llama style: the post-processor prepends <s>
        tokenizer.post_processor = processors.TemplateProcessing(
            single="<s> $A", pair="<s> $A <s> $B", special_tokens=[("<s>", 1)]
        )
    else:
        tokenizer.post_processor = processors.ByteLevel(trim_offsets=False)
    assert tokenizer.get_vocab_size() <= VOCAB
    return tokenizer


def make_checkpoint(path: Path, arch: str, *, seed: int = 0, chat: str | None = None, std: float = 0.15,
                    template_file: bool = False, dtype: torch.dtype = torch.float32) -> Path:  # fmt: skip
    """Save a random `arch` model with transformers (HF layout) plus the tiny tokenizer."""
    import transformers
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    chat = chat or chat_style(arch)
    config_class, extra = ARCHITECTURES[arch]
    config = getattr(transformers, config_class)(**{**COMMON, **extra})
    torch.manual_seed(seed)
    model = AutoModelForCausalLM.from_config(config).eval()
    with torch.no_grad():  # larger than the default init, so that logits are far from uniform
        for name, param in model.named_parameters():
            if name.endswith("norm.weight"):
                param.normal_(1.0, 0.1)
            else:
                param.normal_(0.0, std)
    model.to(dtype).save_pretrained(path)
    template = LLAMA_TEMPLATE if chat == "llama" else CHATML_TEMPLATE
    hf_tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=train_tokenizer(chat), bos_token="<s>", eos_token="</s>", unk_token="<unk>",
    )  # fmt: skip
    hf_tokenizer.chat_template = template
    hf_tokenizer.save_pretrained(path)
    jinja = path / "chat_template.jinja"
    if not template_file and jinja.exists():  # keep it in tokenizer_config.json, the older way
        import json

        config_path = path / "tokenizer_config.json"
        tok_config = json.loads(config_path.read_text())
        tok_config["chat_template"] = jinja.read_text()
        config_path.write_text(json.dumps(tok_config))
        jinja.unlink()
    elif template_file and not jinja.exists():
        import json

        config_path = path / "tokenizer_config.json"
        tok_config = json.loads(config_path.read_text())
        jinja.write_text(tok_config.pop("chat_template"))
        config_path.write_text(json.dumps(tok_config))
    return path


@pytest.fixture(scope="session")
def checkpoints(tmp_path_factory) -> dict[str, Path]:
    """One saved checkpoint per architecture, built once per test session."""
    root = tmp_path_factory.mktemp("checkpoints")
    return {arch: make_checkpoint(root / arch, arch, chat=chat_style(arch)) for arch in ARCHITECTURES}


def chat_style(arch: str) -> str:
    return "llama" if arch.startswith("llama") else "qwen" if arch.startswith("qwen") else "chatml"


@pytest.fixture(scope="session")
def llama_dir(checkpoints) -> Path:
    return checkpoints["llama"]
