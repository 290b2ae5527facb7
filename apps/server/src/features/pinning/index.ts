export { PinError, type PinningClient, pinningClient, type RemotePin } from './pinning.client'
export { pinningStore } from './pinning.store'
export { subscribePinning } from './pinning.subscribe'
export { DEFAULT_PINNING_OPTIONS, pinningWorker, startPinningWorker } from './pinning.worker'
