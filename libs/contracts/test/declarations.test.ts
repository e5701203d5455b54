/** The declarations as a whole: what the routers, the document and the client rely on. */
import { CONTRACTS, pathParamNames, publicPath, SERVICE_NAMES } from '@chat/contracts';

describe('the declarations', () => {
  it('name each operation once (operation ids of the OpenAPI document)', () => {
    const names = CONTRACTS.map((c) => c.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('declare each method and path once (a path under /api/v1 and the same from the root are two)', () => {
    const keys = CONTRACTS.map((c) => `${c.method} ${publicPath(c)}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('belong to known services, each of which declares something', () => {
    expect([...new Set(CONTRACTS.map((c) => c.service))].sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it('have a summary, and declare their path parameters (the upload download excepted: its wildcard is read raw)', () => {
    for (const contract of CONTRACTS) {
      expect({ name: contract.name, summary: contract.summary.length > 0 }).toEqual({ name: contract.name, summary: true });
      if (contract.path.includes('*')) continue;
      const undeclared = pathParamNames(contract.path).filter((name) => !(name in contract.params));
      expect({ name: contract.name, undeclared }).toEqual({ name: contract.name, undeclared: [] });
    }
  });

  it('give webhook settings only to webhook endpoints', () => {
    const misplaced = CONTRACTS.filter((c) => c.webhookAuth !== undefined && c.auth !== 'webhook').map((c) => c.name);
    expect(misplaced).toEqual([]);
  });
});
