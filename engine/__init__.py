"""specdraft's speculative-decoding engine, in pure PyTorch; it never imports app/ or textual."""
