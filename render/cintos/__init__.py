"""Cintos's images and words: the board image (`board`), the text board and alt text (`text`) and the
illustrated rules (`rules_picture`), each named by the game's entry (games/cintos.py)."""
