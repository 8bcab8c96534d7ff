"""Fine-tuning the reviser: the syntax corpus (corpus.py), training data
readers (data.py), the LoRA job (train.py) and adapter evaluation (evaluate.py)."""
