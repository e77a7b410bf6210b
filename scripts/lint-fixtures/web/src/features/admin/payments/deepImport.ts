// Broken on purpose: one admin tab reaches into another admin tab's internal file.
import { orderCount } from '../orders/internal';

export const paymentsDeep = orderCount * 2;
