import { createTranslationMessages } from '@backstage/frontend-plugin-api';
import { kargoTranslationRef } from '../translation';

/** German, complete (`full`: a new English key fails the type check here). */
const de = createTranslationMessages({
  ref: kargoTranslationRef,
  full: true,
  messages: {
    'tab.title': 'Kargo',
    'card.title': 'Kargo',
    'card.stage': 'Stage',
    'card.verification': 'Verifizierung',
    'card.pullRequests': 'Offene PRs',
    'card.actions': 'Aktionen',
    'card.openPullRequests_one': '{{count}} offener PR',
    'card.openPullRequests_other': '{{count}} offene PRs',
    'card.pullRequestsPending': 'PRs noch unbekannt',
    'links.button': 'Links',
    'links.buttonLabel': 'Links von {{stage}}',
    'links.loading': 'Links werden geladen …',
    'links.empty': 'Keine Links für diese Stage',
    'links.unavailable': 'Links nicht verfügbar',
    'links.argoCdApps': 'Argo-CD-Applications',
    'links.argoCdApp': '{{name}}: {{health}}, {{sync}}',
    'links.notChecked': 'noch nicht geprüft',
    'states.staleBanner':
      'Kargo-Daten sind veraltet: zuletzt aktualisiert {{time}}',
    'states.staleBannerUnknown': 'Kargo-Daten sind veraltet: nie aktualisiert',
    'states.staleMessage':
      'Der letzte Versuch, Kargo zu lesen, ist fehlgeschlagen; diese Seite zeigt ältere Daten.',
    'states.refreshFailed':
      'Kargo-Daten konnten nicht aktualisiert werden: {{message}}; Daten von {{time}}',
    'states.refreshFailedUnknown':
      'Kargo-Daten konnten nicht aktualisiert werden: {{message}}; ältere Daten',
    'states.emptyTitle': 'Keine Kargo-Stages',
    'states.emptyDescription':
      'Das Kargo-Projekt dieser Entität hat keine Stages (oder keine passt zu kargo.akuity.io/stages).',
    'states.projectError':
      'Kargo-Projekt {{project}} ({{instance}}) konnte nicht gelesen werden',
    'states.stageError': 'Diese Stage konnte nicht gelesen werden',
    'stage.phase': 'Phase: {{phase}}',
    'stage.health': 'Zustand: {{health}}',
    'stage.healthUnknown': 'Zustand: unbekannt',
    'stage.openInKargo': 'In Kargo öffnen',
    'stage.currentFreight': 'Aktuelle Freight',
    'stage.noFreight': 'Keine Freight',
    'stage.verificationHistory': 'Verifizierungsverlauf',
    'stage.pullRequests': 'Pull-Requests',
    'stage.pullRequestError':
      'Pull-Requests von {{repo}} konnten nicht gelistet werden',
    'verification.phase': 'Phase',
    'verification.start': 'Gestartet',
    'verification.duration': 'Dauer',
    'verification.actor': 'Auslöser',
    'verification.freight': 'Freight',
    'verification.analysisRun': 'AnalysisRun',
    'verification.none': 'Noch keine Verifizierungen',
    'verification.noRun': 'kein AnalysisRun',
    'verification.stale': 'Veraltet',
    'verification.staleTooltip':
      'Kargo zeigt noch {{recorded}}; der AnalysisRun ist um {{time}} {{phase}}',
    'verification.staleTooltipNoTime':
      'Kargo zeigt noch {{recorded}}; der AnalysisRun ist {{phase}}',
    'verification.staleTooltipUnlisted':
      'Kargo listet diesen Run nicht mehr; der AnalysisRun ist {{phase}}',
    'verification.noVerification': 'Keine Verifizierung',
    'verification.staleExplained':
      'Veraltet: Kargo verzeichnet für diesen Lauf noch eine andere Phase; gezeigt wird die Phase des AnalysisRuns selbst, und die stimmt.',
    'pipeline.title': 'Pipeline',
    'pipeline.from': 'von {{sources}}',
    'pipeline.hiddenUpstream': 'auch von {{stages}} (nicht auf dieser Seite)',
    'pipeline.noFreight': 'Keine Freight',
    'pipeline.verification': 'Verifizierung: {{phase}}',
    'pipeline.showStage': 'Details von {{stage}} zeigen',
    'details.show': 'Details zeigen',
    'details.hide': 'Details ausblenden',
    'summary.freight': 'Freight: {{freight}}',
    'summary.waitingOnPullRequest': 'Wartet auf PR #{{number}}',
    'summary.waitingOnMergeRequest': 'Wartet auf Merge-Request !{{number}}',
    'summary.waitingOnPullRequestNoNumber': 'Wartet auf einen Pull-Request',
    'promotions.title': 'Promotions',
    'promotions.none': 'Noch keine Promotions',
    'promotions.freight': 'Freight',
    'promotions.actor': 'Von',
    'promotions.started': 'Gestartet',
    'promotions.phase': 'Phase',
    'promotions.step': 'Schritt',
    'promotions.pullRequest': 'PR',
    'promotions.verification': 'Verifizierung',
    'promotions.atStep': 'führt {{step}} aus',
    'promotions.copy': 'Kopieren',
    'promotions.copied': 'Kopiert',
    'steps.title': 'Schritte von {{name}}',
    'steps.show': 'Alle Schritte von {{name}}',
    'steps.none': 'Kargo hat für diese Promotion keine Schritte festgehalten.',
    'steps.step': 'Schritt',
    'steps.kind': 'Art',
    'steps.status': 'Status',
    'steps.started': 'Gestartet',
    'steps.took': 'Dauer {{duration}}',
    'steps.message': 'Meldung',
    'steps.outputs': 'Ausgaben',
    'steps.pending': 'Wartet',
    'steps.notRun': 'Nicht ausgeführt',
    'steps.errors_one': '{{count}} fehlgeschlagener Versuch',
    'steps.errors_other': '{{count}} fehlgeschlagene Versuche',
    'steps.commit': 'Commit {{id}}',
    'steps.branch': 'Branch {{branch}}',
    'steps.moreLinks_one': '{{count}} weiterer Link in den Schritten',
    'steps.moreLinks_other': '{{count}} weitere Links in den Schritten',
    'steps.linksNotShown_one': '{{count}} weiterer Link nicht angezeigt',
    'steps.linksNotShown_other': '{{count}} weitere Links nicht angezeigt',
    'waiting.banner':
      'Wartet auf das Mergen von PR #{{number}}, offen seit {{age}}',
    'waiting.bannerMergeRequest':
      'Wartet auf das Mergen von Merge-Request !{{number}}, offen seit {{age}}',
    'waiting.bannerNoNumber':
      'Wartet seit {{age}} auf das Mergen eines Pull-Requests',
    'waiting.detail':
      'Promotion {{promotion}} bleibt beim Schritt git-wait-for-pr, bis der Pull-Request gemergt ist; dahinter wartende Promotions schlagen fehl, wenn es zu lange dauert.',
    'waiting.open': 'Pull-Request öffnen',
    // Nach „seit“ (Dativ): seit 1 Tag, seit 3 Tagen.
    'waiting.minutes_one': '{{count}} Min.',
    'waiting.minutes_other': '{{count}} Min.',
    'waiting.hours_one': '{{count}} Std.',
    'waiting.hours_other': '{{count}} Std.',
    'waiting.days_one': '{{count}} Tag',
    'waiting.days_other': '{{count}} Tagen',
    'approveFreight.button': 'Für {{stage}} freigeben',
    'approveFreight.label': '{{freight}} für {{stage}} freigeben',
    'approveFreight.title': '{{freight}} für {{stage}} freigeben?',
    'approveFreight.body':
      'Kargo macht {{freight}} für {{stage}} verfügbar, ohne Verifizierung in den vorgelagerten Stages. Geben Sie nur Freight frei, die Sie geprüft haben.',
    'approveFreight.confirm': 'Freigeben',
    'approveFreight.notPermitted':
      'Sie dürfen Freight für diese Stage nicht freigeben.',
    'approveFreight.approved':
      'Kargo hat {{freight}} für {{stage}} freigegeben',
    'approveFreight.failed':
      'Freigabe von {{freight}} für {{stage}} fehlgeschlagen: {{message}}',
    'autoPromotion.on': 'Automatische Promotion',
    'autoPromotion.held': 'Automatische Promotion für {{origin}} angehalten',
    'autoPromotion.heldSince':
      'Automatische Promotion für {{origin}} angehalten seit {{since}}',
    'autoPromotion.heldBy':
      'Automatische Promotion für {{origin}} angehalten seit {{since}} durch Promotion {{promotion}}',
    'autoPromotion.heldByActor':
      'Automatische Promotion für {{origin}} angehalten seit {{since}} durch Promotion {{promotion}} ({{actor}})',
    'autoPromotion.willHold':
      'Kargo promotet automatisch in diese Stage. Wird diese Freight statt {{candidate}}, der neuesten aus {{origin}}, promotet, hält das die automatische Promotion für {{origin}} an, bis die neueste Freight aus {{origin}} hier promotet wird.',
    'autoPromotion.willHoldNoCandidate':
      'Kargo promotet automatisch in diese Stage. Wird diese Freight promotet, hält das die automatische Promotion für {{origin}} an, bis ihre neueste Freight hier promotet wird.',
    'autoPromotion.willResume':
      'Wird die neueste Freight aus {{origin}} promotet, läuft die automatische Promotion für {{origin}} wieder.',
    'refresh.button': 'Aktualisieren',
    'refresh.label': '{{stage}} aktualisieren',
    'refresh.title': '{{stage}} aktualisieren?',
    'refresh.body':
      'Kargo tut das selbst in Abständen; aktualisieren Sie, damit es jetzt geschieht.',
    'refresh.what': 'Was aktualisieren',
    'refresh.warehouses':
      'Jetzt nach neuer Freight suchen: Warehouse {{warehouses}} prüft seine Quellen, neue Artefakte werden Freight',
    'refresh.noWarehouse':
      'Nach neuer Freight suchen: diese Stage bezieht Freight aus keinem Warehouse',
    'refresh.stage':
      'Die Stage {{stage}} aktualisieren (und ihre laufende Promotion)',
    'refresh.confirm': 'Aktualisieren',
    'refresh.notPermitted': 'Sie dürfen diese Stage nicht aktualisieren.',
    'refresh.warehousesRequested':
      'Kargo sucht in {{warehouses}} nach neuer Freight; neue Freight erscheint hier, sobald sie da ist',
    'refresh.stageRequested': 'Kargo aktualisiert {{stage}}',
    'refresh.failed': 'Aktualisieren von {{stage}} fehlgeschlagen: {{message}}',
    'retryPromotion.button': 'Wiederholen',
    'retryPromotion.label': 'Promotion {{promotion}} wiederholen',
    'retryPromotion.title': 'Promotion {{promotion}} wiederholen?',
    'retryPromotion.body':
      'Kargo promotet {{freight}} erneut nach {{stage}}, in einer neuen Promotion, die alle Schritte der Stage ausführt.',
    'retryPromotion.confirm': 'Wiederholen',
    'abortPromotion.button': 'Abbrechen',
    'abortPromotion.label': 'Promotion {{promotion}} abbrechen',
    'abortPromotion.title': 'Promotion {{promotion}} abbrechen?',
    'abortPromotion.body':
      'Kargo beendet Promotion {{promotion}} nach {{stage}} beim aktuellen Schritt; sie endet als Aborted, und die Stage behält ihre Freight.',
    'abortPromotion.confirm': 'Promotion abbrechen',
    'abortPromotion.notPermitted':
      'Sie dürfen Promotions in diese Stage nicht abbrechen.',
    'abortPromotion.alreadyRequested':
      'Abbruch angefordert; Kargo hat die Promotion noch nicht beendet.',
    'abortPromotion.requested':
      'Abbruch von Promotion {{promotion}} angefordert',
    'abortPromotion.failed':
      'Abbruch von Promotion {{promotion}} fehlgeschlagen: {{message}}',
    'promote.button': 'Promoten',
    'promote.title': 'Freight nach {{stage}} promoten',
    'promote.body':
      'Wählen Sie die Freight. Kargo legt eine Promotion an, die die Schritte von {{stage}} ausführt.',
    'promote.freight': 'Freight',
    'promote.confirm': 'Promoten',
    'promote.notPermitted': 'Sie dürfen nicht in diese Stage promoten.',
    'promote.noneAvailable':
      'Derzeit ist keine Freight für diese Stage verfügbar.',
    'promote.approved': 'freigegeben',
    'promote.current': 'aktuell',
    'promote.changes': 'Was das Promoten von {{freight}} ändert',
    'promote.change': '{{repository}}: {{from}} → {{to}}',
    'promote.changeAdded': '{{repository}}: {{to}} (neu)',
    'promote.changeDropped':
      '{{repository}}: {{from}} (nicht in dieser Freight)',
    'promote.compare': 'vergleichen',
    'promote.noChanges': 'Dieselben Artefakte wie die aktuelle Freight',
    'promote.contents': 'Was die Freight enthält',
    'promote.reverifiedFailed':
      'In {{stage}} am {{verifiedAt}} verifiziert, dort aber am {{reverifiedAt}} erneut verifiziert: {{phase}}. Kargo bietet sie trotzdem an.',
    'promote.reverifiedFailedMetric':
      'In {{stage}} am {{verifiedAt}} verifiziert, dort aber am {{reverifiedAt}} erneut verifiziert: {{phase}} (Metrik {{metric}}). Kargo bietet sie trotzdem an.',
    'promote.requested': 'Promotion {{promotion}} für {{stage}} angelegt',
    'promote.failed': 'Promotion nach {{stage}} fehlgeschlagen: {{message}}',
    'drawer.title': 'AnalysisRun {{name}}',
    'drawer.close': 'Schließen',
    'drawer.summary': 'Übersicht',
    'drawer.started': 'Gestartet',
    'drawer.completed': 'Beendet',
    'drawer.message': 'Meldung',
    'drawer.metrics': 'Metriken',
    'drawer.noMetrics': 'Dieser AnalysisRun hat keine Metrik-Ergebnisse.',
    'drawer.measurement': 'Messung {{phase}} um {{time}}',
    'drawer.value': 'Wert: {{value}}',
    'drawer.moreMetrics_one':
      '{{count}} weitere Metrik wird nicht gezeigt (unfertige und fehlgeschlagene zuerst).',
    'drawer.moreMetrics_other':
      '{{count}} weitere Metriken werden nicht gezeigt (unfertige und fehlgeschlagene zuerst).',
    'logs.show': 'Logs',
    'logs.hide': 'Logs ausblenden',
    'logs.region': 'Logs von {{metric}}',
    'logs.container': 'Container',
    'logs.follow': 'Mitlaufen',
    'logs.copy': 'Logs kopieren',
    'logs.copied': 'Logs kopiert',
    'logs.connecting': 'Verbindung zu Kargo wird aufgebaut…',
    'logs.streaming': 'Wird gestreamt',
    'logs.ended': 'Das Log ist zu Ende.',
    'logs.notJob':
      'Diese Metrik hat keine Logs: In Kargo haben nur Job-Metriken Logs.',
    'logs.noJob':
      'Diese Metrik hat keine Logs: Kargo hat keinen Job dafür erfasst.',
    'logs.empty':
      'Diese Metrik hat keine Logs: Kargo hat keine geschickt (der Job ist vielleicht gelöscht).',
    'logs.broken': 'Der Log-Stream ist abgebrochen.',
    'logs.resume': 'Fortsetzen',
    'logs.failed': 'Die Logs konnten nicht gelesen werden: {{message}}',
    'logs.paused_one': 'Angehalten: {{count}} neue Zeile',
    'logs.paused_other': 'Angehalten: {{count}} neue Zeilen',
    'logs.dropped': 'Frühere Zeilen verworfen: nur die neuesten werden gezeigt',
    'pullRequests.number': 'Nummer',
    'pullRequests.title': 'Titel',
    'pullRequests.state': 'Status',
    'pullRequests.branches': 'Branches',
    'pullRequests.author': 'Autor',
    'pullRequests.age': 'Alter',
    'pullRequests.promotion': 'Promotion',
    'pullRequests.none': 'Keine offenen Pull-Requests',
    'pullRequests.orphaned': 'Verwaist',
    'pullRequests.orphanedTooltip':
      'Offen, aber keine laufende oder wartende Promotion dieser Stage wartet darauf: Kargo hat ihn aus den Augen verloren. Von Hand mergen oder schließen.',
    'pullRequests.actions': 'Aktionen',
    'closePullRequest.close': 'Schließen',
    'closePullRequest.closeAndDelete': 'Schließen und Branch löschen',
    'closePullRequest.label': '{{reference}} schließen',
    'closePullRequest.labelAndDelete':
      '{{reference}} schließen und Branch {{branch}} löschen',
    'closePullRequest.title': '{{reference}} schließen?',
    'closePullRequest.titleAndDelete':
      '{{reference}} schließen und seinen Branch löschen?',
    'closePullRequest.body':
      '„{{title}}“ wird mit der Git-Identität des Portals geschlossen. Keine Promotion von {{stage}} wartet darauf.',
    'closePullRequest.bodyAndDelete':
      '„{{title}}“ wird mit der Git-Identität des Portals geschlossen und sein Promotion-Branch {{branch}} gelöscht. Keine Promotion von {{stage}} wartet darauf.',
    'closePullRequest.confirm': 'Schließen',
    'closePullRequest.notPermitted':
      'Sie dürfen Pull-Requests dieser Stage nicht schließen.',
    'closePullRequest.closed': '{{reference}} geschlossen',
    'closePullRequest.closedAndDeleted':
      '{{reference}} geschlossen und Branch {{branch}} gelöscht',
    'closePullRequest.failed':
      'Schließen von {{reference}} fehlgeschlagen: {{message}}',
    'actions.reverify': 'Erneut verifizieren',
    'actions.abort': 'Verifizierung abbrechen',
    'actions.reverifyTitle': '{{stage}} erneut verifizieren?',
    'actions.reverifyBody':
      'Kargo führt die Verifizierung der aktuellen Freight von {{stage}} noch einmal aus.',
    'actions.abortTitle': 'Die Verifizierung von {{stage}} abbrechen?',
    'actions.abortBody':
      'Kargo beendet den laufenden AnalysisRun; die Verifizierung endet als Failed.',
    'actions.confirmReverify': 'Erneut verifizieren',
    'actions.confirmAbort': 'Abbrechen bestätigen',
    'actions.cancel': 'Zurück',
    'actions.reverifyRequested':
      'Erneute Verifizierung von {{stage}} angefordert',
    'actions.abortRequested': 'Abbruch für {{stage}} angefordert',
    'actions.reverifyFailed':
      'Erneute Verifizierung von {{stage}} fehlgeschlagen: {{message}}',
    'actions.abortFailed': 'Abbruch von {{stage}} fehlgeschlagen: {{message}}',
    'actions.notPermittedReverify':
      'Sie dürfen diese Stage nicht erneut verifizieren.',
    'actions.notPermittedAbort':
      'Sie dürfen diese Verifizierung nicht abbrechen.',
    'actions.checkingPermission': 'Berechtigungen werden geprüft…',
    'actions.notAllowed': 'Kargo erlaubt diese Aktion gerade nicht.',
    'scaffolderField.title': 'In Kargo handeln als',
    'scaffolderField.checking': 'Ihre Kargo-Anmeldung wird geprüft…',
    'scaffolderField.asPerson':
      'Sie: Die Aufgabe handelt in Kargo mit Ihrer {{provider}}-Anmeldung, Kargo entscheidet nach Ihren Rechten und verzeichnet Sie.',
    'scaffolderField.asPortal':
      'Das Portal: Diese Kargo-Instanz schreibt mit dem Kargo-API-Token des Portals, Kargo verzeichnet das Portal.',
    'scaffolderField.signIn':
      'Melden Sie sich mit {{provider}} an, damit die Aufgabe in Kargo als Sie handeln kann; ohne Anmeldung lehnt Kargo ihre Schreibzugriffe ab.',
    'scaffolderField.yourProvider': 'dem Identitätsanbieter von Kargo',
    'actions.signInToAct':
      'Melden Sie sich mit {{provider}} an, um in Kargo zu handeln',
    'reasons.promotionRunning':
      'Kargo verifiziert nicht, während Promotion {{promotion}} läuft; warte, bis sie fertig ist',
    'reasons.noVerification':
      'Diese Stage hat keine Verifizierung konfiguriert',
    'reasons.noFreight': 'In diese Stage wurde noch keine Freight promotet',
    'reasons.notVerified': 'Die aktuelle Freight ist noch nicht verifiziert',
    'reasons.implicitVerification':
      'Kargo hat die aktuelle Verifizierung ohne ID aufgezeichnet (eine implizite Verifizierung), sie lässt sich weder wiederholen noch abbrechen; promote die Freight stattdessen erneut',
    'reasons.verificationPending':
      'Die Verifizierung wartet noch (gestartet {{startTime}}); brich sie ab oder warte, bis sie fertig ist',
    'reasons.verificationRunning':
      'Die Verifizierung läuft noch (gestartet {{startTime}}); brich sie ab oder warte, bis sie fertig ist',
    'reasons.alreadyAborted':
      'Die aktuelle Verifizierung wurde bereits abgebrochen',
    'reasons.stageUnreadable': 'Diese Stage konnte nicht gelesen werden',
    'reasons.alreadyFinished':
      'Die aktuelle Verifizierung ist bereits beendet ({{phase}}); es gibt nichts abzubrechen',
    'reasons.freightOtherProject':
      'Freight „{{freight}}“ gehört zum Projekt „{{freightProject}}“, nicht zu „{{stageProject}}“',
    'reasons.originNotRequested':
      'Stage „{{stage}}“ fordert keine Freight von {{origin}} an',
    'reasons.freightApproved':
      'Freight „{{freight}}“ ist für Stage „{{stage}}“ freigegeben',
    'reasons.directOrigin':
      'Stage „{{stage}}“ bezieht Freight direkt von {{origin}}',
    'reasons.verifiedUpstream':
      'Freight „{{freight}}“ ist verifiziert in {{stages}}',
    'reasons.soaking':
      'Freight „{{freight}}“ muss {{soakMs}} in den vorgelagerten Stages reifen, um für Stage „{{stage}}“ verfügbar zu sein; bisher {{soaked}}',
    'reasons.notVerifiedInAll':
      'Freight „{{freight}}“ muss in allen vorgelagerten Stages ({{upstream}}) verifiziert sein, um für Stage „{{stage}}“ verfügbar zu sein',
    'reasons.notVerifiedInAny':
      'Freight „{{freight}}“ muss in mindestens einer vorgelagerten Stage ({{upstream}}) verifiziert sein, um für Stage „{{stage}}“ verfügbar zu sein',
    'reasons.freightNotGiven':
      'Keine Freight angegeben: Name oder Alias einer Freight im Projekt {{project}} angeben',
    'reasons.freightNotFound':
      'Keine Freight mit Name oder Alias „{{freight}}“ im Projekt {{project}}',
    'reasons.noPromotionSteps':
      'Stage {{stage}} hat keine Promotion-Schritte, daher kann keine Freight in sie promotet werden',
    'reasons.promotionNotFound':
      'Promotion {{promotion}} der Stage {{stage}} im Projekt {{project}} nicht gefunden',
    'reasons.promotionOtherStage':
      'Promotion {{promotion}} promotet nicht in die Stage {{stage}}',
    'reasons.pullRequestNotOfStage':
      '{{reference}} ist kein offener Pull-Request der Stage {{stage}}',
    'reasons.pullRequestNotOpen': '{{reference}} ist nicht offen',
    'reasons.pullRequestWaitedOn':
      '{{reference}} ist nicht verwaist: Promotion {{promotion}} wartet darauf',
    'reasons.pullRequestFromFork':
      '{{reference}} kommt aus einem Fork: sein Branch ist keiner, den Kargo gepusht hat',
    'reasons.pullRequestNotPromotionBranch':
      '{{reference}} kommt aus dem Branch {{branch}}, in den keine Promotion der Stage pusht',
    'reasons.pullRequestBranchShared':
      'Der Branch {{branch}} von {{reference}} gehört nicht einer einzelnen Promotion und wird daher nicht gelöscht',
    'reasons.promotionEnded':
      'Promotion {{promotion}} ist bereits beendet ({{phase}}); nur eine wartende oder laufende Promotion kann abgebrochen werden',
    'reasons.gitNoIntegration':
      'Für den Host {{host}} ist keine Git-Integration konfiguriert',
    'reasons.gitRateLimited':
      '{{provider}} {{host}}: Rate-Limit bis {{resetTime}}',
    'reasons.gitUnreachable':
      '{{provider}} {{host}} war für {{repo}} nicht erreichbar: {{detail}}',
    'reasons.gitUnauthorized':
      '{{provider}} hat die Zugangsdaten der Integration {{host}} abgelehnt (401); bitte deren Konfiguration prüfen',
    'reasons.gitForbidden':
      'Die {{provider}}-Integration von {{host}} darf nicht auf {{repo}} zugreifen (403): {{detail}}',
    'reasons.gitNotFound':
      'Repository {{repo}} nicht gefunden oder für die Integration {{host}} nicht sichtbar',
    'reasons.gitConflict': '{{provider}} {{host}}: {{detail}}',
    'reasons.gitRefused':
      '{{provider}} {{host}} hat die Anfrage für {{repo}} abgelehnt: {{detail}}',
    'reasons.gitFailed':
      '{{provider}} {{host}} ist für {{repo}} fehlgeschlagen ({{status}}): {{detail}}',
    'reasons.projectNotFound':
      'Kargo-Projekt „{{project}}“ in der Instanz „{{instance}}“ nicht gefunden',
    'reasons.projectNotReadYet':
      'Kargo-Projekt „{{project}}“ der Instanz „{{instance}}“ konnte noch nicht gelesen werden',
    'reasons.stageNotFound':
      'Stage „{{stage}}“ im Kargo-Projekt „{{project}}“ der Instanz „{{instance}}“ nicht gefunden',
    'reasons.analysisRunNotFound':
      'AnalysisRun „{{analysisRun}}“ im Kargo-Projekt „{{project}}“ der Instanz „{{instance}}“ nicht gefunden',
    'reasons.entityNotFound':
      'Entität {{kind}}:{{namespace}}/{{name}} nicht im Katalog gefunden',
    'reasons.invalidRequest': '{{location}} „{{field}}“ ist ungültig',
    'reasons.kargoRejected':
      'Kargo (Instanz „{{instance}}“) hat die Anfrage abgelehnt: {{message}}',
    'reasons.kargoSignInAgain':
      'Kargo (Instanz „{{instance}}“) hat Ihre Anmeldung nicht angenommen ({{message}}); bitte melden Sie sich erneut an',
    'reasons.kargoApiTokenRejected':
      'Kargo (Instanz „{{instance}}“) hat das Kargo-API-Token des Portals abgelehnt ({{message}}); bitte api.token der Instanz prüfen',
    'reasons.kargoForbidden':
      'Kargo (Instanz „{{instance}}“) erlaubt dies nicht: {{message}}',
    'reasons.kargoNotFound':
      'Kargo (Instanz „{{instance}}“) hat das Ziel nicht gefunden: {{message}}',
    'reasons.kargoConflict':
      'Kargo (Instanz „{{instance}}“) hat die Änderung wegen eines Konflikts abgelehnt: {{message}}',
    'reasons.kargoApiUnavailable':
      'Die Kargo-API der Instanz „{{instance}}“ ist nicht verfügbar: {{message}}',
    'reasons.kargoIdentityRequired':
      'Schreiben in die Kargo-Instanz „{{instance}}“ erfordert eine beim Identitätsanbieter von Kargo angemeldete Person oder ein Kargo-API-Token des Portals; diese Anfrage hat keines von beiden',
    'reasons.kargoApiNotConfigured':
      'Für die Kargo-Instanz „{{instance}}“ ist keine Kargo-API konfiguriert (api.url), daher werden Schreibzugriffe abgelehnt; Lesen funktioniert weiterhin',
    'reasonParts.unknownTime': 'unbekannt',
    'reasonParts.soakedIn': '{{duration}} in {{stage}}',
    'reasonParts.none': 'keine',
    'reasonParts.more': '{{count}} weitere',
    'reasonParts.locationPath': 'Pfadparameter',
    'reasonParts.locationQuery': 'Query-Parameter',
    'reasonParts.locationBody': 'Feld des Request-Body',
    'catalogFilter.title': 'Kargo',
    'catalogFilter.phase': 'Verifizierung',
    'catalogFilter.anyPhase': 'Alle',
    'catalogFilter.stale': 'Veralteter Verifizierungsverlauf',
    'catalogFilter.openPullRequests': 'Offene Pull Requests',
    'catalogFilter.orphanedPullRequests': 'Verwaiste Pull Requests',
    'searchResult.verification': 'Verifizierung:',
    'searchResult.noVerification': 'Keine aktuelle Verifizierung',
    'searchResult.stale': 'veralteter Verlauf',
    'searchResult.openPullRequests_one': '{{count}} offener PR',
    'searchResult.openPullRequests_other': '{{count}} offene PRs',
    'searchResult.orphanedPullRequests_one': '{{count}} verwaist',
    'searchResult.orphanedPullRequests_other': '{{count}} verwaist',
    'searchResult.statusUnavailable': 'Kargo-Status nicht verfügbar',
  },
});

export default de;
