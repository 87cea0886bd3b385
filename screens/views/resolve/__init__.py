"""The resolve screen: one check, from choosing it to applying its effects."""

from drumhead.screens.views.resolve.screen import ResolveScreen, needed_text, parse_hand_dice

__all__ = ["ResolveScreen", "needed_text", "parse_hand_dice"]
