export * from './cpf';
export * from './contact';
export * from './format';
