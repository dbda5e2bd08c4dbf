"""What a game's screen may import: ``screen`` (the interface a screen implements, and the
value types it hands back), ``widgets`` (the pieces every table shares: status, log, tools,
dialogs, score tables), ``cardwords``, ``html``, ``i18n`` (the shell's texts, EN/FR) and
``registry`` (the screens by game id).  Imports no other layer of ui/."""
