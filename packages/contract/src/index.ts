export * from './common';
export * from './token';
export * from './login';
export * from './registro';
export * from './recuperacao';
export * from './dev';
export * from './forms';
