import { describe, expect, it } from 'vitest';
import { avisoPlanoCancelado } from './plano-cancelado';

describe('avisoPlanoCancelado', () => {
  it('says since when the plan is cancelled and what the former member still reaches', () => {
    expect(avisoPlanoCancelado('2025-08-31')).toEqual({
      title: 'Plano cancelado em 31/08/2025',
      description: expect.stringContaining('faturas, recibos, informes de Imposto de Renda'),
    });
  });
});
