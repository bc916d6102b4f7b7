"""The royal fleets map's art: rough coastlines (``coasts``) and the generator of each sheet's picture (``generate``)."""
