// Clean: the outside world behind a small interface.
export const outside = () => 'outside';
