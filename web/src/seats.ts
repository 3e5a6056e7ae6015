// Seats in words, as the page's sentences write them.

/** "White", "Black", "the dice"; '' for no seat. */
export const seatName = (seat: string | null | undefined): string =>
  seat === 'white' ? 'White' : seat === 'black' ? 'Black' : seat === 'chance' ? 'the dice' : '';
