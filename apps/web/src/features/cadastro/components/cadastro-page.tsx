export function CadastroPage() {
  return <h1>Criar nova conta</h1>;
}
