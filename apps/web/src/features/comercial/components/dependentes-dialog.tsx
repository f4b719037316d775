import { zodResolver } from '@hookform/resolvers/zod';
import { dependenteFormSchema, LIMITES_DEPENDENTES, type AdicionarDependenteResponse } from '@portal/contract';
import { CheckCircle2, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ProtocoloInfo } from '@/components/membro/protocolo-info';
import { StepHeading } from '@/components/step-heading';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { useUsuario } from '@/lib/sessao-context';
import { toast } from '@/lib/toast';
import { useAdicionarDependente } from '../api/adicionar-dependente';
import { DependenteCampos, type DependentesForm } from './dependente-campos';
import { podeIncluirDependentes } from './permissoes';

const VAZIO = { nome: '', cpf: '', dataNascimento: '', cidade: '', celular: '' };

/** Today in the browser's calendar, AAAA-MM-DD (the server judges again with its own clock). */
const hojeLocal = () => new Date().toLocaleDateString('en-CA');

/**
 * The body of the 'Adicionar Dependentes' dialog: 1 to 5 dependent forms (docs/produto/comercial.md, "Limits"), every rule
 * checked before sending (masks stripped, docs/produto/comercial.md "Validation"), then 'Sucesso!' with the protocol.
 */
export function DependentesDialogBody() {
  const usuario = useUsuario();
  const [resultado, setResultado] = useState<AdicionarDependenteResponse | null>(null);

  if (!podeIncluirDependentes(usuario)) {
    return (
      <>
        <DialogTitle>Adicionar Dependentes</DialogTitle>
        <Alert variant="warning" title="Acesso Restrito" className="mt-4">
          Apenas o titular ou o responsável financeiro do contrato pode incluir dependentes.
        </Alert>
      </>
    );
  }
  if (resultado) return <Sucesso resultado={resultado} />;
  return <Formulario onSucesso={setResultado} />;
}

function Formulario({ onSucesso }: { onSucesso: (r: AdicionarDependenteResponse) => void }) {
  const perfil = usePerfilAutenticado();
  const schema = useMemo(
    () =>
      z.object({
        dependentes: z
          .array(dependenteFormSchema(hojeLocal()))
          .min(LIMITES_DEPENDENTES.minimo)
          .max(LIMITES_DEPENDENTES.maximo),
      }),
    [],
  );
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<DependentesForm, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { dependentes: [VAZIO] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'dependentes' });
  // The form loads after the dialog opened (lazy chunk): the first field takes focus when it arrives.
  useEffect(() => setFocus('dependentes.0.nome'), [setFocus]);
  const chave = useChaveDeEnvio();
  const adicionar = useAdicionarDependente();

  const enviar = handleSubmit((v) => {
    if (!perfil) {
      toast.error('Erro de autenticação', { description: 'Usuário não autenticado.' });
      return;
    }
    const novosDependentes = v.dependentes;
    adicionar.mutate(
      { novosDependentes, chave: chave.para(novosDependentes) },
      {
        onSuccess: (r) => {
          chave.concluir();
          toast.success('Sucesso!', { description: 'Dependente(s) adicionado(s) com sucesso.' });
          onSucesso(r);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={enviar} className="space-y-5">
      <div>
        <DialogTitle>Adicionar Dependentes</DialogTitle>
        <DialogDescription>
          Informe os dados de até {LIMITES_DEPENDENTES.maximo} dependentes. Todos os campos são obrigatórios; a inclusão
          é analisada pela operadora.
        </DialogDescription>
      </div>
      {fields.map((f, i) => (
        <DependenteCampos
          key={f.id}
          indice={i}
          register={register}
          errors={errors}
          onRemover={fields.length > LIMITES_DEPENDENTES.minimo ? () => remove(i) : undefined}
        />
      ))}
      {fields.length < LIMITES_DEPENDENTES.maximo ? (
        <Button variant="outline" onClick={() => append(VAZIO, { shouldFocus: true })}>
          <Plus aria-hidden="true" />
          Adicionar outro dependente
        </Button>
      ) : (
        <p className="text-sm text-slate-700">Você pode enviar até 5 dependentes por vez.</p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={adicionar.isPending} aria-busy={adicionar.isPending || undefined}>
          {adicionar.isPending ? 'Enviando...' : 'Enviar'}
        </Button>
      </div>
    </form>
  );
}

function Sucesso({ resultado }: { resultado: AdicionarDependenteResponse }) {
  return (
    <div className="space-y-4 text-center">
      <DialogTitle className="sr-only">Adicionar Dependentes</DialogTitle>
      <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-emerald-700" />
      <StepHeading as="h2" focusOnMount>
        Sucesso!
      </StepHeading>
      <p className="text-slate-800">Dependente(s) adicionado(s) com sucesso.</p>
      <p className="text-slate-700">A inclusão será analisada pela operadora; a resposta chega pelos seus contatos.</p>
      <ProtocoloInfo protocolo={resultado.protocolo} prazoResposta={resultado.prazoResposta} />
      <DialogClose asChild>
        <Button block>Fechar</Button>
      </DialogClose>
    </div>
  );
}
