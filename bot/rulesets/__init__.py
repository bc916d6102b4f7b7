"""The built-in rulesets, one sub-package each.  The core finds them by scanning this folder
(bot/plugins.py); nothing here lists them."""
