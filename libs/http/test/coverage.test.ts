/** A service app is built only when it implements each of its declared endpoints exactly once. */
import { declareEndpoints, p } from '@chat/contracts';
import { checkImplementsContracts, implement } from '@chat/http';

const declared = declareEndpoints('message', {
  one: { method: 'GET', path: '/one', auth: 'user', summary: 'one', params: { n: p.int() }, success: {} },
  two: { method: 'POST', path: '/two', auth: 'user', summary: 'two', params: {}, success: {} },
});
const contracts = Object.values(declared);
const handler = () => ({});

describe('checkImplementsContracts', () => {
  it('accepts each declaration implemented once', () => {
    expect(() => checkImplementsContracts([implement(declared.one, handler), implement(declared.two, handler)], contracts)).not.toThrow();
  });

  it('refuses a declaration without a handler', () => {
    expect(() => checkImplementsContracts([implement(declared.one, handler)], contracts)).toThrow(
      'message two (POST /two) is implemented 0 times',
    );
  });

  it('refuses a declaration implemented twice', () => {
    const endpoints = [implement(declared.one, handler), implement(declared.one, handler), implement(declared.two, handler)];
    expect(() => checkImplementsContracts(endpoints, contracts)).toThrow('message one (GET /one) is implemented 2 times');
  });
});
