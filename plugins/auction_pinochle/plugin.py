"""Entry point of the auction Pinochle plugin: registers both games and their bot."""

from cardcore import hookimpl

from .game import AuctionPinochleGame, PartnershipAuctionPinochleGame


@hookimpl
def register_games(register):
    register(AuctionPinochleGame)
    register(PartnershipAuctionPinochleGame)


@hookimpl
def register_bots(register):
    from .bots import AuctionPinochleBot

    register("heuristic", AuctionPinochleBot, games={"auction-pinochle", "partnership-auction-pinochle"})
