"""The page: what runs only in the browser, on PyScript and Pyodide (js, pyscript, pyodide).

``boot`` builds the app on the page; ``dom`` draws its HTML (through ``morph``, a DOM diff) and
keeps the page's state (localStorage, the bot worker's channel, the install prompt); ``channels``
is the page's side of play across devices (WebRTC glue, Web Locks); ``extras`` the browser's
extras the app uses (persisted storage, sound); ``botworker`` the bot's worker seen from the
page.  May import any layer below: ``app`` and everything under it."""
