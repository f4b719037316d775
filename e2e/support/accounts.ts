/** The demo accounts of shared/demo-data.md. */
export const SENHA = 'senha123';
export const MARIA = {
  cpf: '529.982.247-25',
  nome: 'Maria Aparecida Souza',
  email: 'maria.souza@exemplo.com.br',
  celular: '11987654321',
};
export const CARLOS = { cpf: '111.444.777-35', nome: 'Carlos Eduardo Lima' };
export const ROBERTO = { cpf: '935.411.347-80', nome: 'Roberto Alves Pereira' };
export const ANA = { cpf: '390.533.447-05', nome: 'Ana Beatriz Lima', email: 'ana.lima@exemplo.com.br' };
export const FERNANDA = {
  cpf: '248.438.034-80',
  nome: 'Fernanda Costa Ribeiro',
  email: 'fernanda.ribeiro@exemplo.com.br',
  celular: '21998765432',
};
export const PAULO = { cpf: '453.178.287-91' };
export const NINGUEM = { cpf: '123.456.789-09' };
