"""Text helpers every layer may use: counted words and percentages as people write them."""
