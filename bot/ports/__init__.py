"""What the layers above ask of the parts that plug into the bot, without naming them."""
