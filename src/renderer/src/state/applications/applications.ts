/** Applications this computer has sent (or found already sent), as the core records them. */
import { call } from '../../lib/bridge'
import { createListStore } from '../app'

export const useApplications = createListStore(() => call('applications.list'))
