// The demo people and facts moved to the operator package (@portal/operadora/demo) so that e2e and
// bench read them without importing API code; the seed parts keep importing them from here.
export * from '@portal/operadora/demo';
