import { reencryptVisaData } from '../modules/visa/rotation.ts';
import { openVisaContext } from './visa-context.ts';

// npm run visa:reencrypt: after a key rotation (new VISA_ENCRYPTION_KEY, the old key in
// VISA_ENCRYPTION_PREVIOUS_KEYS), re-seals every visa row and photo with the current key. Exits 1
// when a row could not be opened, so the old key is not dropped too early.

const { ctx, close } = await openVisaContext();
try {
  console.log(`Current key id: ${ctx.sealer.keyId}; also opening: ${ctx.sealer.keyIds.slice(1).join(', ') || '(none)'}`);
  const result = await reencryptVisaData(ctx);
  console.log(`Re-encrypted ${result.rows} row(s) and ${result.photos} photo(s).`);
  for (const f of result.failed) console.log(`  row ${f.id} failed: ${f.error}`);
  if (result.failed.length) process.exitCode = 1;
} finally {
  await close();
}
