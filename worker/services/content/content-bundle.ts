/**
 * The operator's content bundle (worker/model/content-bundle.ts: schemas and types) and the statements that import
 * it (worker/db/queries/content-import.ts), in one place for the operator CLI and the tests.
 */
export * from '../../model/content-bundle.ts';
export { contentImportSql, publishSql, sqlText } from '../../db/queries/content-import.ts';
