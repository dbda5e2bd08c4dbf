"""Play across devices, with no server: ``wire`` (the messages between phones, read with
guards), ``hosting`` (the host's side of a shared table), ``pairing`` (WebRTC offers and
answers as short codes), ``invites`` (links that invite), ``qr`` (QR codes, with segno) and
``pairscreens`` (the pairing's pages).  May import ``table``, ``store`` and ``kit``."""
