export * from './cin.js';
export * from './din.js';
export * from './gstin.js';
export * from './llpin.js';
export * from './pan.js';
export * from './state-codes.js';
export * from './validation.js';
