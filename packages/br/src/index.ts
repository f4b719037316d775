export * from './cpf';
export * from './cnpj';
export * from './contact';
export * from './format';
export * from './text';
export * from './boleto';
export * from './pix';
export * from './documentos';
