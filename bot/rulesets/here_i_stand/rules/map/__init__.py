"""The Here I Stand board (H2.3, H-OP-02): the entries of its map files and their typed view
(``model``), its checks (``checks``), its profile (``profile``) and ``HisBoard`` (``board``), the
``geography.HisMap`` the rules read, made from the core's map."""
