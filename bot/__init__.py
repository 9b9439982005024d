"""The Discord front end (generic over every game in `games`)."""
