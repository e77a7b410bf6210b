// Clean: an internal file of the admin tab 'orders'.
export const orderCount = 3;
