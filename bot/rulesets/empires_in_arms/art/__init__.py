"""The Empires in Arms board's art: rough coastlines (``coasts``) and the generator of its picture (``generate``)."""
