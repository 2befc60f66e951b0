"""Game tests by game, one folder per module or package of adjudicator/games/ (rulings, notation,
pictures, wording); tests/games/test_pictures_dice_arrowbic_ws.py covers three games' pictures."""
