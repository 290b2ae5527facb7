export { exportsRoutes, mailExportReady } from './exports.routes'
export { EXPORT_TTL_MS, exportsService, exportsWorker, startExportsWorker } from './exports.service'
