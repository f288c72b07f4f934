"""The fight screen: the screen itself, its presenter, the dice animation, the odds worker."""
