"""Variants that change the state machine itself (a small Deal subclass each)."""
