// Time helpers; services take `now` as an argument so tests can control the clock.
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const nowMs = () => Date.now();
