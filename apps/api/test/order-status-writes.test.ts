import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// orders.status has one writer: transitionOrder (src/modules/orders/transition.ts), which does what
// a status brings with it (stock, log, mail, catalog). This test reads every source file of the API
// and fails on any other write of the column: a drizzle `.update(orders).set({ status … })` (also in
// a spread it cannot see into), an upsert of orders that sets it, or SQL text `update orders … set
// … status`. Creating an order (an insert of its first status) is not a change and is allowed.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const THE_WRITER = 'modules/orders/transition.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const RAW_STATUS_WRITE = /\bupdate\s+(?:"?public"?\.)?"?orders"?\s[\s\S]*?\bset\b[\s\S]*?\bstatus\b/i;

/** Whether an object written to orders sets `status`; a spread of something that is not a literal counts as yes. */
function setsStatus(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return setsStatus(node.expression);
  if (ts.isConditionalExpression(node)) return setsStatus(node.whenTrue) || setsStatus(node.whenFalse);
  if (!ts.isObjectLiteralExpression(node)) return true;
  return node.properties.some((p) => {
    if (ts.isSpreadAssignment(p)) return setsStatus(p.expression);
    const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
    return name === 'status' || (p.name !== undefined && ts.isComputedPropertyName(p.name));
  });
}

/** The table of a drizzle chain `x.update(orders)…` / `x.insert(orders)…`, from any call in it. */
function chainTable(call: ts.CallExpression): { verb: string; table: string } | null {
  let e: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(e) || ts.isCallExpression(e)) {
    if (ts.isCallExpression(e)) {
      const callee = e.expression;
      const arg = e.arguments[0];
      if (ts.isPropertyAccessExpression(callee) && ['update', 'insert'].includes(callee.name.text) && arg && ts.isIdentifier(arg)) {
        return { verb: callee.name.text, table: arg.text };
      }
    }
    e = e.expression;
  }
  return null;
}

/** Every place in `text` that writes orders.status: 'line: code'. */
function statusWrites(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${line + 1}: ${node.getText(file).replace(/\s+/g, ' ').slice(0, 120)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const chain = method === 'set' || method === 'onConflictDoUpdate' ? chainTable(node) : null;
      if (chain?.table === 'orders') {
        const arg = node.arguments[0];
        const written =
          method === 'set'
            ? chain.verb === 'update' && setsStatus(arg)
            : arg !== undefined &&
              ts.isObjectLiteralExpression(arg) &&
              arg.properties.some((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'set' && setsStatus(p.initializer));
        if (written) report(node);
      }
    }
    if ((ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) && RAW_STATUS_WRITE.test(node.text)) report(node);
    if (ts.isTemplateExpression(node) && RAW_STATUS_WRITE.test(node.getText(file))) report(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('orders.status is written by transitionOrder only', () => {
  it('the scan finds every kind of direct write (so it cannot pass by finding nothing)', () => {
    const writes = [
      'await tx.update(orders).set({ status: OrderStatus.CANCELLED }).where(eq(orders.id, id));',
      'await db.update(orders).set({ totalPrice: 1, status }).where(eq(orders.id, id));',
      "await tx.update(orders).set({ 'status': 2 });",
      'await tx.update(orders).set({ ...values, updatedAt: new Date() });',
      'await tx.update(orders).set(values);',
      'await tx.update(orders).set(cond ? { status: 3 } : { flex });',
      'await tx.insert(orders).values(v).onConflictDoUpdate({ target: orders.id, set: { status: 3 } });',
      'await tx.execute(sql`update orders set status = ${to} where id = ${id}`);',
      'await client.query(`UPDATE "orders" SET total_price = 0, status = 4 WHERE id = $1`, [id]);',
      "await client.query('update orders set status = 4');",
    ];
    for (const code of writes) expect(statusWrites('x.ts', code), code).toHaveLength(1);
    const notWrites = [
      'await tx.update(orders).set({ totalPrice: 1, flex: sql`x` }).where(eq(orders.id, id));',
      'await tx.update(orders).set({ ...(flex ? { flex } : {}), updatedAt: new Date() });',
      'await tx.update(payments).set({ status: 3 });',
      'await tx.insert(orders).values({ userId, status: OrderStatus.LEAD, totalPrice });',
      'await tx.execute(sql`update products set stock = stock + 1`);',
      'const s = sql`select status from orders where id = ${id}`;',
    ];
    for (const code of notWrites) expect(statusWrites('x.ts', code), code).toEqual([]);
  });

  it('no source file but orders/transition.ts writes orders.status', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((f) => {
      const rel = path.relative(SRC, f).split(path.sep).join('/');
      const text = readFileSync(f, 'utf8');
      // Every write the scan knows names the table `orders`: other files need no parse.
      if (rel === THE_WRITER || !text.includes('orders')) return [];
      return statusWrites(rel, text).map((w) => `${rel}:${w}`);
    });
    expect(offenders, 'change an order status through transitionOrder (src/modules/orders/transition.ts)').toEqual([]);
    // The writer itself is still found by the scan: if it moved, this test must move with it.
    expect(statusWrites(THE_WRITER, readFileSync(path.join(SRC, THE_WRITER), 'utf8'))).toHaveLength(1);
  });
});
