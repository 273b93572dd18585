"""One module per platform family (facts and behaviour); `sizing.platforms` is the registry."""
